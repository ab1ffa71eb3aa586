import { Schema } from "effect"
import { describe, expect, it } from "vitest"
import { WireFix } from "../../src/schema/telemetry"
import { checkFixes, numberArray, parseTime, textArray } from "./validate"

const now = Date.parse("2026-06-01T12:00:00Z")
const since = Date.parse("2026-01-01T00:00:00Z")
const ok = { t: "2026-06-01T11:00:00Z", lng: 1.44, lat: 43.6 }

/** Fixes the contract's schema accepts or refuses, each with or without a field changed. */
const shapes: ReadonlyArray<Record<string, unknown>> = [
  ok,
  { ...ok, acc: 3, spd: 12, hdg: 359, alt: 150, sat: 9, vib: "low", vibRaw: 0.3, bat: 80 },
  { ...ok, can: { engineSpeed: 1800, pto: 540 }, tags: [{ id: "A1" }, { id: "B2", rssi: -70 }] },
  { ...ok, sat: 8.5 },
  { ...ok, vib: "strong" },
  { ...ok, vib: 2 },
  { ...ok, can: { engineSpeed: "1800" } },
  { ...ok, can: [] },
  { ...ok, tags: [{ id: "" }] },
  { ...ok, tags: [{ rssi: -3 }] },
  { ...ok, tags: {} },
  { ...ok, acc: null },
  { ...ok, bat: "80" },
  { ...ok, t: 1_780_000_000 },
  { lng: 1, lat: 2 },
  { t: ok.t, lat: 2 },
]

describe("checking a box's fixes", () => {
  it("accepts a fix of possible values exactly when the wire format's schema does", () => {
    const is = Schema.is(WireFix)
    for (const fix of shapes) {
      const checked = checkFixes([fix], since, now)
      expect(checked.refused.length === 0, JSON.stringify(fix)).toBe(is(fix))
    }
  })

  it("reads only real ISO 8601 instants with a zone", () => {
    expect(parseTime("2026-02-28T10:00:00Z")).toBe(Date.parse("2026-02-28T10:00:00Z"))
    expect(parseTime("2026-03-01T10:00:00.123+02:00")).toBe(Date.parse("2026-03-01T08:00:00.123Z"))
    for (const bad of ["2026-02-30T10:00:00Z", "2026-03-01T10:00:00", "2026-03-01 10:00:00Z", "tomorrow", ""])
      expect(parseTime(bad), bad).toBeNaN()
  })

  it("keeps the battery of the latest fix by time, whatever their order", () => {
    const checked = checkFixes(
      [
        { ...ok, t: "2026-06-01T10:00:00Z", bat: 70 },
        { ...ok, t: "2026-06-01T11:30:00Z", bat: 60 },
        { ...ok, t: "2026-06-01T11:45:00Z" },
        { ...ok, t: "2026-06-01T11:00:00Z", bat: 65 },
      ],
      since,
      now,
    )
    expect(checked.battery).toMatchObject({ value: 60, at: "2026-06-01T11:30:00Z" })
    expect(checked.latest).toBe(2)
  })

  it("writes array literals PostgreSQL reads back as sent", () => {
    expect(numberArray([1.5, null, -0.25, 1e-7])).toBe("{1.5,NULL,-0.25,1e-7}")
    expect(textArray(['{"a":"b\\\\c"}', null])).toBe('{"{\\"a\\":\\"b\\\\\\\\c\\"}",NULL}')
  })
})
