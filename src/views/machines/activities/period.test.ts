import { describe, expect, it } from "vitest"
import { hoursAndMinutes } from "./figures"
import { choicePeriod, dayRange, rangeProblem } from "./period"

const now = Date.parse("2026-11-20T10:00:00.000Z")

describe("the activities tab's periods and figures", () => {
  it("the quick choices end with today included, their days read in the person's time zone", () => {
    expect(choicePeriod("today", "Europe/Paris", now)).toEqual({
      start: "2026-11-19T23:00:00.000Z",
      end: "2026-11-20T23:00:00.000Z",
    })
    expect(choicePeriod("last7", "Europe/Paris", now)).toEqual({
      start: "2026-11-13T23:00:00.000Z",
      end: "2026-11-20T23:00:00.000Z",
    })
    expect(choicePeriod("last30", "America/New_York", now).start).toBe("2026-10-22T04:00:00.000Z")
  })

  it("a range across the change of time starts and ends at local midnights", () => {
    expect(dayRange("2026-10-24", "2026-10-25", "Europe/Paris")).toEqual({
      start: "2026-10-23T22:00:00.000Z",
      end: "2026-10-25T23:00:00.000Z",
    })
  })

  it("a range is refused when a day is missing, reversed, or longer than the server reads", () => {
    expect(rangeProblem("", "2026-11-01")).toBe("missingDay")
    expect(rangeProblem("2026-11-02", "2026-11-01")).toBe("reversed")
    expect(rangeProblem("2026-01-01", "2026-12-31")).toBe(null)
    expect(rangeProblem("2025-01-01", "2026-01-01")).toBe("tooLong")
  })

  it("durations in hours and minutes", () => {
    expect(hoursAndMinutes(2700)).toEqual({ hours: null, minutes: 45 })
    expect(hoursAndMinutes(3 * 3600 + 5 * 60 + 20)).toEqual({ hours: 3, minutes: 5 })
  })
})
