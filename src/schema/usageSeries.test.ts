import { describe, expect, it } from "vitest"
import { bucketsOf, usagePoints } from "./usageSeries"

const at = (iso: string) => Date.parse(iso)
const activity = (iso: string, areaHa: number) => ({
  start: { epochMillis: at(iso) },
  durationSeconds: 3600,
  seconds: { fieldWork: 3000 },
  areaHa,
  areaWithOverlapHa: areaHa,
  workDistanceM: 1000,
  roadDistanceM: 500,
  fuelLitres: null,
})

describe("the buckets of a period", () => {
  it("counts the days of a period across the change of time as the calendar does", () => {
    // 29 March 2026 is 23 hours long in Paris; 25 October 25 hours: still one day each.
    const spring = bucketsOf(at("2026-03-27T23:00:00Z"), at("2026-03-30T22:00:00Z"), "day", "Europe/Paris")
    expect(spring).toEqual(["2026-03-28", "2026-03-29", "2026-03-30"])
    const autumn = bucketsOf(at("2026-10-24T22:00:00Z"), at("2026-10-26T23:00:00Z"), "day", "Europe/Paris")
    expect(autumn).toEqual(["2026-10-25", "2026-10-26"])
  })

  it("names a week by its Monday, across a month and a year", () => {
    expect(bucketsOf(at("2026-12-30T23:00:00Z"), at("2027-01-12T23:00:00Z"), "week", "Europe/Paris")).toEqual(
      ["2026-12-28", "2027-01-04", "2027-01-11"],
    )
  })

  it("names a month by its 1st, whatever day the period starts", () => {
    expect(
      bucketsOf(at("2025-08-31T22:00:00Z"), at("2026-08-31T22:00:00Z"), "month", "Europe/Paris"),
    ).toEqual([
      "2025-09-01",
      "2025-10-01",
      "2025-11-01",
      "2025-12-01",
      "2026-01-01",
      "2026-02-01",
      "2026-03-01",
      "2026-04-01",
      "2026-05-01",
      "2026-06-01",
      "2026-07-01",
      "2026-08-01",
    ])
  })

  it("puts each activity in the bucket of its start in the zone, and leaves none out", () => {
    const period = { start: at("2026-06-30T22:00:00Z"), end: at("2026-07-02T22:00:00Z") }
    const points = usagePoints(
      [
        activity("2026-06-30T22:30:00Z", 2),
        activity("2026-07-01T21:59:00Z", 3),
        activity("2026-07-02T06:00:00Z", 4),
      ],
      period,
      "day",
      "Europe/Paris",
    )
    expect(points.map((p) => [p.day, p.totals.count, p.totals.areaHa])).toEqual([
      ["2026-07-01", 2, 5],
      ["2026-07-02", 1, 4],
    ])
    const inNewYork = usagePoints([activity("2026-06-30T22:30:00Z", 2)], period, "day", "America/New_York")
    expect(inNewYork.map((p) => [p.day, p.totals.count])).toEqual([
      ["2026-06-30", 1],
      ["2026-07-01", 0],
      ["2026-07-02", 0],
    ])
  })
})
