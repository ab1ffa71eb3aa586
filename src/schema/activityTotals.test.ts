import { describe, expect, it } from "vitest"
import { anActivity } from "../machines/activities/samples"
import { activityTotals } from "./activityTotals"

describe("the totals of a set of activities", () => {
  it("sums the areas and fuel known, leaving out the unknown ones", () => {
    const t = activityTotals([
      anActivity(1, "2026-06-10T07:00:00Z", 2, { areaHa: 1.5, fuelLitres: 10 }),
      anActivity(2, "2026-06-10T10:00:00Z", 1, { areaHa: null, areaWithOverlapHa: null, fuelLitres: null }),
      anActivity(3, "2026-06-10T12:00:00Z", 1, { areaHa: 2, fuelLitres: null }),
    ])
    expect(t.count).toBe(3)
    expect(t.durationSeconds).toBe(4 * 3600)
    expect(t.areaHa).toBe(3.5)
    expect(t.fuelLitres).toBe(10)
    // L/ha over the activities that have both only.
    expect(t.litresPerHa).toBeCloseTo(10 / 1.5)
  })

  it("says unknown, not zero, when no activity's area or fuel is known", () => {
    const t = activityTotals([
      anActivity(1, "2026-06-10T07:00:00Z", 2, { areaHa: null, areaWithOverlapHa: null, fuelLitres: null }),
    ])
    expect([t.areaHa, t.areaWithOverlapHa, t.fuelLitres, t.haPerHour, t.litresPerHa]).toEqual([
      null,
      null,
      null,
      null,
      null,
    ])
  })

  it("of nothing: zero activities, no area nor fuel known", () => {
    const t = activityTotals([])
    expect([t.count, t.durationSeconds, t.areaHa, t.fuelLitres]).toEqual([0, 0, null, null])
  })
})
