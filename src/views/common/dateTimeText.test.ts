import { describe, expect, it } from "vitest"
import { dayAndTime, instantOf, parseDay, parseTime, showTime } from "./dateTimeText"

const time = (text: string) => {
  const t = parseTime(text)
  return t === null ? null : showTime(t)
}

describe("a typed time", () => {
  it("reads the ways a person writes it, with or without a separator", () => {
    const typed = ["1430", "14:30", "14h30", "14H30", "14.30", "14 30", " 14:30 "]
    expect(typed.map(time)).toEqual(typed.map(() => "14:30"))
    const morning = ["0930", "930", "9:30", "09:30", "9h30", "9.30"]
    expect(morning.map(time)).toEqual(morning.map(() => "09:30"))
  })

  it("takes one or two digits, or a trailing h, as whole hours", () => {
    expect(["9", "09", "9h", "9:", "14", "14h", "0", "00:00"].map(time)).toEqual([
      "09:00",
      "09:00",
      "09:00",
      "09:00",
      "14:00",
      "14:00",
      "00:00",
      "00:00",
    ])
  })

  it("refuses what is not a time of day", () => {
    expect(
      ["", "  ", "2430", "24:00", "14:60", "1475", "12345", "abc", "14:30:00", "h30", "-9"].map(time),
    ).toEqual(Array(11).fill(null))
  })
})

describe("a typed day", () => {
  it("reads day, month, year with any separator or none, and ISO", () => {
    const typed = [
      "15/11/2026",
      "15.11.2026",
      "15-11-2026",
      "15 11 2026",
      "15112026",
      "15/11/26",
      "151126",
      "2026-11-15",
    ]
    expect(typed.map(parseDay)).toEqual(typed.map(() => "2026-11-15"))
    expect(parseDay("1/3/2026")).toBe("2026-03-01")
  })

  it("refuses days that do not exist and partial days", () => {
    expect(
      ["31/02/2026", "00/01/2026", "15/13/2026", "15/11", "15/11/2", "1511", "", "demain"].map(parseDay),
    ).toEqual(Array(8).fill(null))
  })
})

describe("a day and a time", () => {
  it("make the local instant, and come back from it", () => {
    const at = instantOf("2026-11-15", { hours: 14, minutes: 30 })
    expect(at).toBe(new Date(2026, 10, 15, 14, 30).getTime())
    expect(dayAndTime(at)).toEqual({ day: "2026-11-15", time: "14:30" })
  })
})
