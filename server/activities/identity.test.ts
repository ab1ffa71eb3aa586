import { describe, expect, it } from "vitest"
import { workStates } from "../../src/schema/workStates"
import { cutsFor, isProvisional, localDay, machineDay, readSpan } from "./days"
import type { EngineActivity } from "./engine/types"
import { fingerprint, matchStored } from "./identity"

const h = 3_600_000
const stored = (id: string, start: number, end: number) => ({ id, start, end })

describe("an activity keeps its id across recomputations", () => {
  it("matches each new activity to the stored one it overlaps most, each once", () => {
    const old = [stored("a", 0, 4 * h), stored("b", 5 * h, 8 * h)]
    // The morning grew (late fixes), the afternoon split in two.
    const fresh = [
      { start: 0, end: 4.5 * h },
      { start: 5 * h, end: 6 * h },
      { start: 6.2 * h, end: 8 * h },
    ]
    expect(matchStored(old, fresh).map((s) => s?.id)).toEqual(["a", undefined, "b"])
  })

  it("gives a new id to work that overlaps nothing stored, and none to two activities merged", () => {
    const old = [stored("a", 0, 2 * h), stored("b", 3 * h, 6 * h)]
    expect(matchStored(old, [{ start: 10 * h, end: 11 * h }])).toEqual([undefined])
    // Merged: the larger overlap keeps its id, the other is gone.
    expect(matchStored(old, [{ start: 0, end: 6 * h }]).map((s) => s?.id)).toEqual(["b"])
  })
})

const activity = (over: Partial<EngineActivity> = {}): EngineActivity => ({
  start: 0,
  end: h,
  durationSeconds: 3600,
  roadDistanceM: 1200,
  workDistanceM: 8000,
  pauseSeconds: 0,
  pauseCount: 0,
  areaHa: 4.8,
  areaWithOverlapHa: 5.1,
  fuelLitres: 18,
  fuelSource: "rate",
  maxSpeedKmh: 24,
  productTypeId: null,
  fields: [],
  unknownFieldSeconds: 0,
  driverIds: [],
  auxiliaryIds: [],
  bookingId: null,
  attribution: { memberId: null, reason: "none", sourceId: null },
  seconds: Object.fromEntries(workStates.map((s) => [s, 0])) as EngineActivity["seconds"],
  ...over,
})

describe("the figures a person saw", () => {
  it("differ when a figure anyone reads changes, not for noise below what is shown", () => {
    expect(fingerprint(activity({ areaHa: 4.80001 }))).toBe(fingerprint(activity()))
    expect(fingerprint(activity({ areaHa: 4.9 }))).not.toBe(fingerprint(activity()))
    expect(fingerprint(activity({ fuelLitres: null, fuelSource: null }))).not.toBe(fingerprint(activity()))
    expect(fingerprint(activity({ end: h + 5000 }))).not.toBe(fingerprint(activity()))
  })
})

describe("machine-days are the structure's local days", () => {
  it("run from local midnight to local midnight, 23 or 25 hours when the clocks change", () => {
    const winter = machineDay("2026-01-15", "Europe/Paris")
    expect(new Date(winter.start).toISOString()).toBe("2026-01-14T23:00:00.000Z")
    expect(winter.end - winter.start).toBe(24 * h)
    expect(
      machineDay("2026-03-29", "Europe/Paris").end - machineDay("2026-03-29", "Europe/Paris").start,
    ).toBe(23 * h)
    expect(
      machineDay("2026-10-25", "Europe/Paris").end - machineDay("2026-10-25", "Europe/Paris").start,
    ).toBe(25 * h)
    expect(localDay(Date.parse("2026-07-01T22:30:00Z"), "Europe/Paris")).toBe("2026-07-02")
  })

  it("are read with six hours either side, cut at midnight only when the time limitation says so", () => {
    const d = machineDay("2026-06-10", "Europe/Paris")
    expect(readSpan(d)).toEqual({ from: d.start - 6 * h, to: d.end + 6 * h })
    expect(cutsFor("day", d)).toEqual([d.start, d.end])
    expect(cutsFor("none", d)).toEqual([])
    expect(cutsFor("booking", d)).toEqual([])
  })

  it("stay provisional until 24 hours after their end", () => {
    const d = machineDay("2026-06-10", "Europe/Paris")
    expect(isProvisional(d, d.end + 23 * h)).toBe(true)
    expect(isProvisional(d, d.end + 24 * h)).toBe(false)
  })
})
