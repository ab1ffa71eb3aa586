import { describe, expect, it } from "vitest"
import { binOf, binValue, cover, grainFor, type Item, percentileOfBins, series, weekGrain } from "./rollups"

const item = (at: number, speed: number | null, distance = 0): Item => ({
  at,
  fixes: 1,
  seconds: 5,
  moving: 5,
  engine: 5,
  distance,
  speedN: speed === null ? 0 : 1,
  speedSum: speed ?? 0,
  speedMin: speed,
  speedMax: speed,
  vibration: [0, 0, 5, 0],
  battery: null,
  batteryAt: null,
  can: {},
})

describe("rollups' reading", () => {
  it("gives back any value of a bin within 1 %, negatives and zero included", () => {
    for (const v of [1e-5, 0.013, 0.5, 1, 7.2, 12.49, 99.99, 1234.5, 2.5e6, -0.3, -40, -7.2]) {
      const back = binValue(binOf(v))
      expect(Math.abs(back - v) / Math.abs(v)).toBeLessThan(0.01)
    }
    expect(binValue(binOf(0))).toBe(0)
  })

  it("interpolates a percentile between ranks as percentile_cont does, within 1 %", () => {
    const values = Array.from({ length: 1001 }, (_, i) => (i * 37) % 251) // 0..250, unevenly repeated
    const sorted = [...values].sort((a, b) => a - b)
    const bins = new Map<number, number>()
    for (const v of values) bins.set(binOf(v), (bins.get(binOf(v)) ?? 0) + 1)
    for (const p of [0, 1, 25, 50, 75, 99.5, 100]) {
      const rank = (p / 100) * (sorted.length - 1)
      const lo = Math.floor(rank)
      const exact = sorted[lo] + (rank - lo) * ((sorted[lo + 1] ?? sorted[lo]) - sorted[lo])
      const got = percentileOfBins(bins, p) ?? Number.NaN
      expect(Math.abs(got - exact)).toBeLessThanOrEqual(0.01 * Math.abs(exact) + 1e-9)
    }
    expect(percentileOfBins(new Map(), 50)).toBeNull()
  })

  it("cuts a period into whole days, hours and minutes, and reads the bits at its edges raw", () => {
    const from = Date.parse("2026-03-01T22:30:15Z")
    const to = Date.parse("2026-03-04T01:02:00Z")
    const pieces = cover(from, to, 86400)
    expect(
      pieces.map((p) => [p.grain, new Date(p.from).toISOString(), new Date(p.to).toISOString()]),
    ).toEqual([
      [0, "2026-03-01T22:30:15.000Z", "2026-03-01T22:31:00.000Z"],
      [60, "2026-03-01T22:31:00.000Z", "2026-03-01T23:00:00.000Z"],
      [3600, "2026-03-01T23:00:00.000Z", "2026-03-02T00:00:00.000Z"],
      [86400, "2026-03-02T00:00:00.000Z", "2026-03-04T00:00:00.000Z"],
      [3600, "2026-03-04T00:00:00.000Z", "2026-03-04T01:00:00.000Z"],
      [60, "2026-03-04T01:00:00.000Z", "2026-03-04T01:02:00.000Z"],
    ])
    // Nothing lost, nothing twice.
    expect(pieces.reduce((s, p) => s + (p.to - p.from), 0)).toBe(to - from)
    expect(grainFor(17.5 * 3_600_000)).toBe(3600)
    expect(grainFor(30_000)).toBe(0)
  })

  it("cuts a long period into whole weeks from Monday for the bins, days and finer at its edges", () => {
    const from = Date.parse("2026-02-25T12:00:00Z") // a Wednesday
    const to = Date.parse("2026-03-20T06:00:00Z") // a Friday
    const pieces = cover(from, to, weekGrain)
    const weeks = pieces.filter((p) => p.grain === weekGrain)
    expect(weeks.map((p) => [new Date(p.from).toISOString(), new Date(p.to).toISOString()])).toEqual([
      ["2026-03-02T00:00:00.000Z", "2026-03-16T00:00:00.000Z"],
    ])
    expect(pieces.filter((p) => p.grain === 86400).map((p) => new Date(p.from).toISOString())).toEqual([
      "2026-02-26T00:00:00.000Z",
      "2026-03-16T00:00:00.000Z",
    ])
    expect(pieces.reduce((s, p) => s + (p.to - p.from), 0)).toBe(to - from)
    // Under a week, no week.
    expect(cover(from, from + 6 * 86_400_000, weekGrain).some((p) => p.grain === weekGrain)).toBe(false)
  })

  it("leaves a gap where a step had no value, but counts a quantity's empty step as zero", () => {
    const items = [item(0, 10, 100), item(1000, 20, 50), item(5000, null, 7)]
    expect(series(items, "speed", "max", 0, 2000, 3).map((p) => p.value)).toEqual([20, null, null])
    expect(series(items, "speed", "avg", 0, 2000, 3).map((p) => [p.value, p.min, p.max])).toEqual([
      [15, 10, 20],
      [null, null, null],
      [null, null, null],
    ])
    expect(series(items, "distance", "sum", 0, 2000, 3).map((p) => p.value)).toEqual([150, 0, 7])
  })
})
