import { describe, expect, it } from "vitest"
import { bucketLabel, seasonsOf, usagePeriod } from "./periods"

const zone = "Europe/Paris"
/** Friday 27 November 2026, 15:00 in Paris. */
const now = Date.parse("2026-11-27T14:00:00Z")

describe("the usage screens' periods", () => {
  it("ends every period with today, in whole weeks and whole months", () => {
    expect(usagePeriod("day", zone, now)).toEqual({
      start: "2026-10-28T23:00:00.000Z",
      end: "2026-11-27T23:00:00.000Z",
    })
    // Twelve weeks from a Monday: 7 September to this Friday.
    expect(usagePeriod("week", zone, now).start).toBe("2026-09-06T22:00:00.000Z")
    // Twelve months from the 1st: December 2025 to today, under a year.
    expect(usagePeriod("month", zone, now).start).toBe("2025-11-30T23:00:00.000Z")
  })

  it("offers the current campaign first (it began on 1 September), then the earlier ones and calendar years", () => {
    const seasons = seasonsOf(zone, now)
    expect(seasons.map((s) => s.key)).toEqual([
      "campaign-2027",
      "campaign-2026",
      "campaign-2025",
      "campaign-2024",
      "campaign-2023",
      "year-2026",
      "year-2025",
      "year-2024",
    ])
    expect(seasons[0]?.period).toEqual({ start: "2026-08-31T22:00:00.000Z", end: "2027-08-31T22:00:00.000Z" })
    // In August the campaign under way is still the one that began the September before.
    expect(seasonsOf(zone, Date.parse("2026-08-31T12:00:00Z"))[0]?.key).toBe("campaign-2026")
  })

  it("names a bucket as the language writes it", () => {
    expect(bucketLabel("2026-11-23", "day", "fr")).toBe("lun. 23")
    expect(bucketLabel("2026-11-23", "week", "de")).toBe("23. Nov.")
    expect(bucketLabel("2026-11-01", "month", "en")).toBe("Nov 2026")
  })
})
