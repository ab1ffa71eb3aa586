import { describe, expect, it } from "vitest"
import { dropInBursts } from "../../../scripts/bench/activitiesAccuracy"
import { detectActivities } from "."
import { inputOf, lngLat, machineOf, morning, rectField, traceBuilder } from "./testTraces"
import type { EngineFix, EngineInput, EngineTag } from "./types"

/** The cases a real day throws at the engine. */

const day = "2027-04-08"
const field = rectField("f1", 390, -10, 530, 210, "owner-1")
const fieldB = rectField("f2", 390, 210, 530, 420, "owner-2")
const workDay = (box: "full" | "vibration" | "phone" = "full") =>
  traceBuilder(morning(day), box, [0, -300])
    .stop(150, true)
    .drive(0, 0, 30)
    .drive(400, 0, 30)
    .drive(403, 0, 10)
    .passes(14, { length: 200, spacing: 6, kmh: 10 })
    .drive(403, -300, 30)
    .stop(120, true)

describe("edges", () => {
  it("a pause inside a field stays in the activity, in the field, counted as a pause", () => {
    const b = traceBuilder(morning(day), "full", [403, 0]).passes(8, { length: 200, spacing: 6, kmh: 10 })
    b.stop(10 * 60, false).passes(8, { length: 200, spacing: 6, kmh: 10 })
    const out = detectActivities(inputOf(day, b.fixes(), { fields: [field] }))
    expect(out.activities).toHaveLength(1)
    expect(out.activities[0]?.pauseCount).toBe(1)
    const paused = out.labels.filter((l) => l.state === "pause")
    expect(paused.length).toBeGreaterThan(5)
    expect(paused.every((l) => l.activity === 0 && l.field === "f1")).toBe(true)
  })

  it("two fields in one pass: the work is in both when each holds enough of it", () => {
    // Passes 400 m long across f1 (south half) and f2 (north half).
    const fixes = traceBuilder(morning(day), "full", [403, 0])
      .passes(10, { length: 400, spacing: 6, kmh: 10 })
      .fixes()
    const run = (minWorkPercentOnField: number) =>
      detectActivities(
        inputOf(day, fixes, {
          fields: [field, fieldB],
          machine: machineOf({ settings: { minWorkPercentOnField } }),
        }),
      ).activities
    const both = run(40)
    expect(both).toHaveLength(1)
    expect(both[0]?.fields.map((f) => f.fieldId).sort()).toEqual(["f1", "f2"])
    const areas = both[0]?.fields.map((f) => f.areaHa ?? 0) ?? []
    expect((areas[0] ?? 0) + (areas[1] ?? 0)).toBeCloseTo(both[0]?.areaHa ?? 0, 1)
  })

  it("a person's split cuts one activity in two at the instant; a merge makes two fields' work one", () => {
    const b = traceBuilder(morning(day), "full", [403, 0]).passes(13, { length: 200, spacing: 6, kmh: 10 })
    b.stop(10 * 60, false).drive(b.at()[0], 214, 5)
    b.stop(120, true).passes(9, { length: 180, spacing: 6, kmh: 10 })
    const fixes = b.fixes()
    const run = (o: Parameters<typeof inputOf>[2] = {}) =>
      detectActivities(inputOf(day, fixes, { fields: [field, fieldB], ...o })).activities
    const [first, second] = run()
    if (!first || !second) throw new Error("two fields, two activities")
    // Split: the first activity in two at its middle, the second untouched.
    const middle = Math.round((first.start + first.end) / 2)
    const start = Date.parse(`${day}T00:00:00Z`)
    const split = run({ cuts: [start, middle, start + 86_400_000] })
    expect(split).toHaveLength(3)
    expect(split[0]?.start).toBe(first.start)
    expect(split[0]?.end).toBeLessThanOrEqual(middle)
    expect(split[1]?.start).toBeGreaterThanOrEqual(middle)
    expect(split[2]?.start).toBe(second.start)
    // Nothing lost: the two parts' work is the first activity's (the fixes either side of the cut
    // may read as a turn: a few seconds, under 1 %).
    const work = (a: { seconds: { fieldWork: number } } | undefined) => a?.seconds.fieldWork ?? 0
    const time = (a: { durationSeconds: number } | undefined) => a?.durationSeconds ?? 0
    expect(Math.abs(work(split[0]) + work(split[1]) - work(first))).toBeLessThan(work(first) * 0.01)
    // The parts span the whole but for the step from the cut to the first fix after it.
    expect(time(first) - (time(split[0]) + time(split[1]))).toBeLessThan(5)
    // Merge: one activity over both fields, holding both.
    const merged = run({ joins: [{ start: first.start, end: second.end }] })
    expect(merged).toHaveLength(1)
    expect(merged[0]?.start).toBe(first.start)
    expect(merged[0]?.end).toBe(second.end)
    expect(merged[0]?.fields.map((f) => f.fieldId).sort()).toEqual(["f1", "f2"])
    // A merge over an earlier, smaller one joins all of it.
    const overlapping = [
      { start: first.start, end: first.end },
      { start: first.start, end: second.end },
    ]
    expect(run({ joins: overlapping })).toHaveLength(1)
    // A cut wins over a join: split inside a merge still splits there.
    expect(
      run({ joins: [{ start: first.start, end: second.end }], cuts: [start, middle, start + 86_400_000] }),
    ).toHaveLength(2)
  })

  it("a headland outside the field is the field's turn", () => {
    const fixes = traceBuilder(morning(day), "full", [403, 0])
      .passes(12, { length: 200, spacing: 6, kmh: 10, overrun: 15 })
      .fixes()
    const out = detectActivities(inputOf(day, fixes, { fields: [field] }))
    const outside = out.labels.filter((_, i) => (fixes[i]?.lat ?? 0) > lngLat(0, 211)[1])
    expect(outside.length).toBeGreaterThan(10)
    expect(outside.every((l) => l.state === "turn" && l.field === "f1" && l.activity === 0)).toBe(true)
  })

  it("setting off from a stop to stop again in the next field is the drive there, not work", () => {
    const b = traceBuilder(morning(day), "full", [403, 0]).passes(13, { length: 200, spacing: 6, kmh: 10 })
    b.stop(10 * 60, false)
    const move = b.fixes().length
    b.drive(b.at()[0], 214, 5)
    const stopped = b.fixes().length
    b.stop(120, true).passes(9, { length: 180, spacing: 6, kmh: 10 })
    const out = detectActivities(inputOf(day, b.fixes(), { fields: [field, fieldB] }))
    expect(stopped - move).toBe(2)
    expect(out.labels.slice(move, stopped).every((l) => l.state === "road")).toBe(true)
    expect(out.activities.map((a) => a.fields.map((f) => f.fieldId))).toEqual([["f1"], ["f2"]])
  })

  it("a headland lap along the edge, just outside the drawn outline by less than the receiver's accuracy, is the field's work", () => {
    // 13 passes end at the north edge (y = 200); the last lap runs 1.5 m beyond the outline
    // (y = 210) for 80 m, the receiver stating 2 m; then the machine leaves by the road.
    const b = traceBuilder(morning(day), "full", [403, 0]).passes(13, { length: 200, spacing: 6, kmh: 10 })
    b.drive(b.at()[0], 211.5, 10, { work: true })
    const lap = b.fixes().length
    b.drive(395, 211.5, 10, { work: true })
    const end = b.fixes().length
    b.drive(395, 400, 30)
    const out = detectActivities(inputOf(day, b.fixes(), { fields: [field] }))
    const edge = out.labels.slice(lap, end)
    expect(edge.length).toBeGreaterThanOrEqual(5)
    expect(edge.every((l) => l.field === "f1" && l.activity === 0)).toBe(true)
    expect(edge.filter((l) => l.state === "fieldWork").length).toBeGreaterThanOrEqual(edge.length - 1)
  })

  it("a day across midnight: cut at midnight by day, stored once with its start's day otherwise", () => {
    const evening = Date.parse(`${day}T23:30:00Z`)
    const fixes = traceBuilder(evening, "full", [403, 0])
      .passes(44, { length: 200, spacing: 6, kmh: 10 })
      .fixes()
    const midnight = Date.parse(`${day}T00:00:00Z`) + 86_400_000
    const next = new Date(midnight).toISOString().slice(0, 10)
    expect(fixes.at(-1)?.t).toBeGreaterThan(midnight + 15 * 60_000)
    const by = (d: string, timeLimitation: "day" | "none") => {
      const start = Date.parse(`${d}T00:00:00Z`)
      const machine = machineOf({ settings: { timeLimitation } })
      const cuts = timeLimitation === "day" ? [start, start + 86_400_000] : []
      return detectActivities(inputOf(d, fixes, { fields: [field], machine, cuts })).activities
    }
    const [before] = by(day, "day")
    const [after] = by(next, "day")
    expect(before?.end).toBeLessThanOrEqual(midnight)
    expect(after?.start).toBeGreaterThanOrEqual(midnight)
    const whole = by(day, "none")
    expect(whole).toHaveLength(1)
    expect(whole[0]?.end).toBeGreaterThan(midnight + 15 * 60_000)
    expect(by(next, "none")).toHaveLength(0)
  })

  it("duplicate and out-of-order fixes: the same activities, the duplicates labelled", () => {
    const fixes = workDay().fixes()
    const clean = detectActivities(inputOf(day, fixes, { fields: [field] }))
    const twice = [...fixes, ...fixes.slice(50, 150)]
    const shuffled = twice
      .map((f, i) => ({ f, k: (i * 7919) % twice.length }))
      .sort((a, b) => a.k - b.k)
      .map((e) => e.f)
    const messy = detectActivities(inputOf(day, shuffled, { fields: [field] }))
    expect(messy.activities).toEqual(clean.activities)
    expect(messy.labels).toHaveLength(twice.length)
    expect(messy.labels.filter((l) => l.ignored === "duplicate")).toHaveLength(100)
  })

  it("a GPS jump is left out and adds no distance", () => {
    const fixes = workDay().fixes()
    const clean = detectActivities(inputOf(day, fixes, { fields: [field] })).activities[0]
    const k = 200
    const jumped = fixes.map((f, i) => (i === k ? { ...f, lng: f.lng + 0.05 } : f))
    const out = detectActivities(inputOf(day, jumped, { fields: [field] }))
    expect(out.labels[k]?.ignored).toBe("jump")
    expect(out.activities[0]?.roadDistanceM).toBeCloseTo(clean?.roadDistanceM ?? 0, 6)
    expect(out.activities[0]?.workDistanceM).toBeCloseTo(clean?.workDistanceM ?? 0, 6)
  })

  it("a jump of a few fixes in a row is left out too", () => {
    const fixes = workDay().fixes()
    const clean = detectActivities(inputOf(day, fixes, { fields: [field] })).activities[0]
    const jumped = fixes.map((f, i) => (i >= 150 && i < 153 ? { ...f, lat: f.lat + 0.02 } : f))
    const out = detectActivities(inputOf(day, jumped, { fields: [field] }))
    expect(out.labels.slice(150, 153).map((l) => l.ignored)).toEqual(["jump", "jump", "jump"])
    expect(out.labels.filter((l) => l.ignored !== null)).toHaveLength(3)
    expect(out.activities[0]?.workDistanceM).toBeCloseTo(clean?.workDistanceM ?? 0, 6)
  })

  it("a timestamp years off is left out and does not stretch the activity", () => {
    const fixes = workDay().fixes()
    const clean = detectActivities(inputOf(day, fixes, { fields: [field] })).activities[0]
    const lost: EngineFix = { ...(fixes[300] as EngineFix), t: Date.parse("2019-01-01T10:00:00Z") }
    const out = detectActivities(inputOf(day, [...fixes, lost], { fields: [field] }))
    expect(out.labels[0]?.ignored).toBe("outOfPeriod")
    expect(out.activities).toHaveLength(1)
    expect(out.activities[0]?.durationSeconds).toBe(clean?.durationSeconds)
  })

  it("without parcels the trace's shape finds the work, and the road stays road", () => {
    const fixes = workDay().fixes()
    const out = detectActivities(inputOf(day, fixes, { fields: [] }))
    expect(out.activities).toHaveLength(1)
    expect(out.activities[0]?.fields).toEqual([])
    expect(out.activities[0]?.unknownFieldSeconds).toBeGreaterThan(10 * 60)
    // Every fix on the way there (x < 395 m) is road or the yard's idling.
    const way = out.labels.filter((_, i) => (fixes[i]?.lng ?? 0) < lngLat(395, 0)[0])
    expect(way.every((l) => l.state === "road" || l.state === "idle")).toBe(true)
    expect(out.labels.filter((l) => l.state === "fieldWork").length).toBeGreaterThan(180)
  })

  it("without vibration or CAN (a phone), speed and shape decide; a long stop is a pause, a short one idling", () => {
    const b = workDay("phone").stop(20 * 60, false)
    const fixes = b.fixes()
    const out = detectActivities(
      inputOf(day, fixes, { fields: [field], machine: machineOf({ canPresent: false }) }),
    )
    expect(out.activities).toHaveLength(1)
    expect(out.activities[0]?.fuelLitres).toBeNull()
    expect(out.labels[0]?.state).toBe("idle")
    expect(out.labels.at(-1)?.state).toBe("pause")
    expect(out.labels.filter((l) => l.state === "fieldWork").length).toBeGreaterThan(180)
  })

  it("30 % of the fixes dropped in bursts: the same activity, most of its area", () => {
    const fixes = workDay().fixes()
    const clean = detectActivities(inputOf(day, fixes, { fields: [field] })).activities[0]
    const kept = dropInBursts(fixes, 0.3, 42)
    expect(kept.length).toBeLessThan(fixes.length * 0.71)
    const out = detectActivities(inputOf(day, kept, { fields: [field] })).activities
    expect(out).toHaveLength(1)
    expect(out[0]?.fields.map((f) => f.fieldId)).toEqual(["f1"])
    expect(Math.abs((out[0]?.start ?? 0) - (clean?.start ?? 0))).toBeLessThan(10 * 60_000)
    expect(out[0]?.areaHa).toBeGreaterThan((clean?.areaHa ?? 0) * 0.5)
  })

  it("fuel from a rate when there is no CAN: litres per hour of engine time, or per hectare; none without either", () => {
    const fixes = workDay("vibration").fixes()
    const run = (consumption: { unit: "litresPerHour" | "litresPerHectare"; rate: number } | null) =>
      detectActivities(
        inputOf(day, fixes, { fields: [field], machine: machineOf({ canPresent: false, consumption }) }),
      ).activities[0]
    const hourly = run({ unit: "litresPerHour", rate: 10 })
    expect(hourly?.fuelSource).toBe("rate")
    const engineS =
      (hourly?.seconds.fieldWork ?? 0) +
      (hourly?.seconds.turn ?? 0) +
      (hourly?.seconds.road ?? 0) +
      (hourly?.seconds.idle ?? 0)
    expect(hourly?.fuelLitres).toBeCloseTo((10 * engineS) / 3600, 6)
    const perHa = run({ unit: "litresPerHectare", rate: 8 })
    expect(perHa?.fuelLitres).toBeCloseTo(8 * (perHa?.areaHa ?? 0), 6)
    expect(run(null)?.fuelLitres).toBeNull()
    expect(run(null)?.fuelSource).toBeNull()
  })

  it("drivers, implements and product type from the tags heard", () => {
    const fixes = workDay()
      .fixes()
      .map((f) => ({ ...f, tags: ["BLE-D", "BLE-I"] }))
    const out = detectActivities(
      inputOf(day, fixes, {
        fields: [field],
        tags: [
          { id: "BLE-D", kind: "user", userId: "u1" },
          { id: "BLE-I", kind: "machine", machineId: "seeder", productTypeId: "seed-wheat" },
        ],
      }),
    ).activities[0]
    expect(out?.driverIds).toEqual(["u1"])
    expect(out?.auxiliaryIds).toEqual(["seeder"])
    expect(out?.productTypeId).toBe("seed-wheat")
  })

  it("a tag given to another person speaks for whoever held it when it was heard", () => {
    const fixes = workDay()
      .fixes()
      .map((f) => ({ ...f, tags: ["BLE-D"] }))
    const driversWith = (tags: ReadonlyArray<EngineTag>) =>
      detectActivities(inputOf(day, fixes, { fields: [field], tags })).activities[0]
    const mid = fixes[Math.floor(fixes.length / 2)]?.t ?? 0
    const given = driversWith([
      { id: "BLE-D", kind: "user", userId: "u1", to: mid },
      { id: "BLE-D", kind: "user", userId: "u2", from: mid },
    ])
    expect([...(given?.driverIds ?? [])].sort()).toEqual(["u1", "u2"])
    // Given the evening before: the whole day is the second holder's, and the work is for them.
    const before = morning(day) - 3_600_000
    const later = driversWith([
      { id: "BLE-D", kind: "user", userId: "u1", to: before },
      { id: "BLE-D", kind: "user", userId: "u2", from: before },
    ])
    expect(later?.driverIds).toEqual(["u2"])
    // Held by nobody while it was heard: it says nothing.
    expect(driversWith([{ id: "BLE-D", kind: "user", userId: "u1", to: before }])?.driverIds).toEqual([])
  })

  it("the implement heard works at its own width: a tractor without one gets areas, a 3 m seeder half a 6 m one's", () => {
    const fixes = workDay()
      .fixes()
      .map((f) => ({ ...f, tags: ["BLE-I"] }))
    const withImplement = (toolWidthM: number | null, tractor: number | null) =>
      detectActivities(
        inputOf(day, fixes, {
          machine: machineOf({ toolWidthM: tractor }),
          fields: [field],
          tags: [{ id: "BLE-I", kind: "machine", machineId: "seeder", productTypeId: null, toolWidthM }],
        }),
      ).activities[0]
    expect(withImplement(null, null)?.areaHa).toBeNull()
    const six = withImplement(6, null)
    const three = withImplement(3, 6)
    expect(six?.areaHa).toBeGreaterThan(0)
    expect(six?.areaHa).toBeCloseTo(withImplement(null, 6)?.areaHa ?? Number.NaN, 6)
    expect(three?.areaWithOverlapHa).toBeCloseTo((six?.areaWithOverlapHa ?? 0) / 2, 6)
  })

  it("an implement a person named works at its width, over the tags heard; a neighbour's road is not it", () => {
    const fixes = workDay()
      .fixes()
      .map((f) => ({ ...f, tags: ["BLE-I"] }))
    const tags: ReadonlyArray<EngineTag> = [
      { id: "BLE-I", kind: "machine", machineId: "seeder", productTypeId: null, toolWidthM: 6 },
    ]
    const heard = detectActivities(inputOf(day, fixes, { fields: [field], tags })).activities[0]
    if (!heard) throw new Error("no activity")
    const named = (implementEdits: EngineInput["implementEdits"]) =>
      detectActivities(inputOf(day, fixes, { fields: [field], tags, implementEdits })).activities[0]
    const harrow = named([{ start: heard.start, end: heard.end, auxiliaryIds: ["harrow"], toolWidthM: 3 }])
    expect(harrow?.auxiliaryIds).toEqual(["harrow"])
    expect(harrow?.areaWithOverlapHa).toBeCloseTo((heard.areaWithOverlapHa ?? 0) / 2, 6)
    // Named without a width: the machine's own (6 m here) measures it.
    const noWidth = named([{ start: heard.start, end: heard.end, auxiliaryIds: ["cart"], toolWidthM: null }])
    expect(noWidth?.auxiliaryIds).toEqual(["cart"])
    expect(noWidth?.areaHa).toBeCloseTo(heard.areaHa ?? Number.NaN, 6)
    // Named "none": no implement, the machine's width.
    expect(
      named([{ start: heard.start, end: heard.end, auxiliaryIds: [], toolWidthM: null }])?.auxiliaryIds,
    ).toEqual([])
    // An edit that only touches the activity's last minute is another activity's.
    const elsewhere = named([
      { start: heard.end - 60_000, end: heard.end + 3_600_000, auxiliaryIds: ["x"], toolWidthM: 3 },
    ])
    expect(elsewhere?.auxiliaryIds).toEqual(["seeder"])
    expect(elsewhere?.areaHa).toBeCloseTo(heard.areaHa ?? Number.NaN, 6)
  })

  it("the way to the field at a speed the machine could work at is road, not work in an unknown field", () => {
    // A tractor whose maximum working speed was given as its top speed (40 km/h): the drive from
    // the yard is as slow as that, vibrates, and leads straight into the field.
    const b = traceBuilder(morning(day), "full", [0, -600])
      .stop(150, true)
      .drive(0, 0, 25)
      .drive(400, 0, 25)
      .drive(403, 0, 10)
      .passes(14, { length: 200, spacing: 6, kmh: 10 })
      .drive(403, -600, 25)
      .stop(120, true)
    const out = detectActivities(
      inputOf(day, b.fixes(), { machine: machineOf({ maxWorkingSpeedKmh: 40 }), fields: [field] }),
    )
    expect(out.activities).toHaveLength(1)
    const activity = out.activities[0]
    expect(activity?.unknownFieldSeconds).toBe(0)
    expect(activity?.roadDistanceM).toBeGreaterThan(1000)
    expect(activity?.fields.map((f) => f.fieldId)).toEqual(["f1"])
  })
  it("driving into the next field to stop and unfold is not work there: its work starts after the stop", () => {
    // 13 passes in f1 end at its north (y = 200); 12 m on at working speed cross into f2 (from
    // y = 210), where the machine stops three minutes before working f2.
    const b = traceBuilder(morning(day), "full", [403, 0]).passes(13, { length: 200, spacing: 6, kmh: 10 })
    const crossing = b.fixes().length
    b.drive(b.at()[0], 218, 10)
    const stopped = b.fixes().length
    b.stop(180, true).passes(13, { length: 180, spacing: 6, kmh: 10 })
    const fixes = b.fixes()
    expect(stopped - crossing).toBeGreaterThanOrEqual(1)
    expect(fixes[stopped - 1]?.lat).toBeGreaterThan(lngLat(0, 210)[1])
    const out = detectActivities(inputOf(day, fixes, { fields: [field, fieldB] }))
    expect(out.labels.slice(crossing, stopped).map((l) => [l.state, l.field])).toEqual(
      Array.from({ length: stopped - crossing }, () => ["road", null]),
    )
    const firstInB = out.labels.findIndex((l) => l.state === "fieldWork" && l.field === "f2")
    expect(firstInB).toBeGreaterThan(stopped)
    expect(out.activities.map((a) => a.fields.map((f) => f.fieldId))).toEqual([["f1"], ["f2"]])
  })

  it("a hop along the road between two parts of the work is road, not a turn, and does not end the work", () => {
    // Two sets of passes 120 m apart, joined by a 25 s drive at 30 km/h.
    const b = traceBuilder(morning(day), "full", [403, 0]).passes(8, { length: 200, spacing: 6, kmh: 10 })
    const hop = b.fixes().length
    b.drive(b.at()[0] + 60, 0, 30)
      .drive(b.at()[0] + 120, 0, 30)
      .passes(8, { length: 200, spacing: 6, kmh: 10 })
    const fixes = b.fixes()
    const out = detectActivities(inputOf(day, fixes, { fields: [] }))
    const fast = out.labels.filter((_, i) => i >= hop && (fixes[i]?.spd ?? 0) >= 30)
    expect(fast.length).toBeGreaterThanOrEqual(3)
    expect(fast.every((l) => l.state === "road" && l.activity === 0)).toBe(true)
    expect(out.activities).toHaveLength(1)
  })

  it("setting off from a stop onto the road is road: the work ended before the stop", () => {
    const b = traceBuilder(morning(day), "full", [403, 0]).passes(13, { length: 200, spacing: 6, kmh: 10 })
    const lastWork = b.fixes().length - 1
    b.stop(5 * 60, false)
    const settingOff = b.fixes().length
    b.drive(b.at()[0], 204, 3).drive(b.at()[0], 400, 30)
    const fixes = b.fixes()
    const out = detectActivities(inputOf(day, fixes, { fields: [field] }))
    expect(out.labels[lastWork]?.state).toBe("fieldWork")
    expect(out.labels[settingOff]?.state).toBe("road")
    expect(out.labels.slice(lastWork + 1).every((l) => l.state !== "fieldWork")).toBe(true)
  })
})
