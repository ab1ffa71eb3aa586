import { describe, expect, it } from "vitest"
import { detectActivities } from "."
import { inputOf, morning, rectField, traceBuilder } from "./testTraces"

const day = "2027-04-06"
/** A field 200 m × 100 m east of the yard's road, and a day in it: 16 passes 6 m apart. */
const field = rectField("f1", 400, 0, 520, 230, "owner-1")
const workDay = () =>
  traceBuilder(morning(day), "full", [0, -300])
    .stop(300, true)
    .drive(0, 10, 30)
    .drive(403, 10, 30)
    .stop(120, true)
    .passes(16, { length: 200, spacing: 6, kmh: 10 })
    .drive(0, 10, 30)
    .drive(0, -300, 30)
    .stop(120, true)

describe("detectActivities", () => {
  it("finds one activity in the field, with the road to it and back, and labels each fix", () => {
    const fixes = workDay().fixes()
    const out = detectActivities(inputOf(day, fixes, { fields: [field] }))
    expect(out.labels).toHaveLength(fixes.length)
    expect(out.activities).toHaveLength(1)
    const a = out.activities[0]
    expect(a?.fields.map((f) => f.fieldId)).toEqual(["f1"])
    expect(a?.attribution).toEqual({ memberId: "owner-1", reason: "field", sourceId: "f1" })
    // 16 passes of 200 m by a 6 m tool, 6 m apart: 1.92 ha, less the first step of each pass (the
    // fix where a turn ends stands for the turn), plus the round ends and the overrun.
    expect(a?.areaHa).toBeGreaterThan(1.85)
    expect(a?.areaHa).toBeLessThan(2.05)
    expect(a?.workDistanceM).toBeGreaterThan(3000)
    expect(a?.workDistanceM).toBeLessThan(3250)
    expect(a?.roadDistanceM).toBeGreaterThan(1300)
    expect(a?.fuelSource).toBe("can")
    const states = new Set(out.labels.map((l) => l.state))
    expect(states).toEqual(new Set(["idle", "road", "fieldWork", "turn"]))
    // The passes are field work in the field, the U-turns turns.
    const work = out.labels.filter((l) => l.state === "fieldWork")
    expect(work.every((l) => l.field === "f1" && l.activity === 0)).toBe(true)
    expect(out.labels.filter((l) => l.state === "turn").length).toBeGreaterThanOrEqual(15 * 2)
  })

  it("gives the same output for the same input", () => {
    const input = inputOf(day, workDay().fixes(), { fields: [field] })
    expect(detectActivities(input)).toEqual(detectActivities(structuredClone(input)))
  })

  it("finds nothing in an empty day", () => {
    expect(detectActivities(inputOf(day, []))).toEqual({ labels: [], activities: [] })
  })
})
