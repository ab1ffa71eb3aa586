import { describe, expect, it } from "vitest"
import { daysPeriod, quickPeriod, rangeProblem, todayIn } from "./period"

const now = Date.parse("2026-03-29T10:00:00Z") // the day Paris goes to summer time

describe("the history's periods", () => {
  it("reads days in the person's time zone, a short day included", () => {
    expect(todayIn("Europe/Paris", Date.parse("2026-11-27T23:30:00Z"))).toBe("2026-11-28")
    expect(quickPeriod("today", "Europe/Paris", now)).toEqual({
      start: "2026-03-28T23:00:00.000Z",
      end: "2026-03-29T22:00:00.000Z",
    })
    expect(quickPeriod("yesterday", "Europe/Paris", now)).toEqual({
      start: "2026-03-27T23:00:00.000Z",
      end: "2026-03-28T23:00:00.000Z",
    })
    expect(quickPeriod("today", "UTC", now)).toEqual({
      start: "2026-03-29T00:00:00.000Z",
      end: "2026-03-30T00:00:00.000Z",
    })
  })

  it("ends the last days with today, included", () => {
    expect(quickPeriod("last7", "UTC", now)).toEqual({
      start: "2026-03-23T00:00:00.000Z",
      end: "2026-03-30T00:00:00.000Z",
    })
    expect(quickPeriod("last30", "UTC", now)).toEqual({
      start: "2026-02-28T00:00:00.000Z",
      end: "2026-03-30T00:00:00.000Z",
    })
  })

  it("takes a custom range of days up to what the server takes", () => {
    expect(daysPeriod("2026-11-02", "2026-11-02", "Europe/Paris")).toEqual({
      start: "2026-11-01T23:00:00.000Z",
      end: "2026-11-02T23:00:00.000Z",
    })
    expect(rangeProblem("2026-11-01", "2026-12-01")).toBeNull()
    expect(rangeProblem("2026-11-01", "2026-12-02")).toBe("tooLong")
    expect(rangeProblem("2026-11-05", "2026-11-04")).toBe("reversed")
    // 31 days over the autumn's change of time: 745 hours, the server's 744 asked for.
    expect(rangeProblem("2026-10-01", "2026-10-31")).toBeNull()
    expect(daysPeriod("2026-10-01", "2026-10-31", "Europe/Paris")).toEqual({
      start: "2026-09-30T22:00:00.000Z",
      end: "2026-10-31T22:00:00.000Z",
    })
    expect(rangeProblem("", "2026-11-04")).toBe("missingDay")
  })
})
