import { describe, expect, it } from "vitest"
import type { MachineSettings } from "../../../src/schema/machine"
import { detectActivities } from "."
import { inputOf, machineOf, morning, rectField, type TraceBuilder, traceBuilder } from "./testTraces"
import type { EngineBooking, EngineField, EngineFix, EngineTag } from "./types"

/** Each advanced parameter of SPEC §3 changes the result the way its name says. */

const day = "2027-04-07"
const field = rectField("f1", 400, -10, 520, 210, "owner-1")
const toField = (b: TraceBuilder) => b.drive(0, 0, 30).drive(400, 0, 30).drive(403, 0, 10)
const start = () => toField(traceBuilder(morning(day), "full", [0, -300]))
const run = (
  fixes: ReadonlyArray<EngineFix>,
  settings: Partial<MachineSettings> = {},
  o: {
    fields?: ReadonlyArray<EngineField>
    tags?: ReadonlyArray<EngineTag>
    bookings?: ReadonlyArray<EngineBooking>
    cuts?: ReadonlyArray<number>
    box?: "full" | "vibration"
    consumption?: { unit: "litresPerHour" | "litresPerHectare"; rate: number }
  } = {},
) =>
  detectActivities(
    inputOf(day, fixes, {
      fields: o.fields ?? [field],
      tags: o.tags ?? [],
      bookings: o.bookings ?? [],
      ...(o.cuts ? { cuts: o.cuts } : {}),
      machine: machineOf({ settings, canPresent: o.box !== "vibration", consumption: o.consumption ?? null }),
    }),
  )

describe("advanced parameters", () => {
  it("minutes between 2 works: work resumed after a shorter stop is the same activity, after a longer one another", () => {
    const b = start()
      .passes(8, { length: 200, spacing: 6, kmh: 10 })
      .stop(20 * 60, false)
    b.passes(8, { length: 200, spacing: 6, kmh: 10 })
    const fixes = b.fixes()
    expect(run(fixes).activities).toHaveLength(1)
    expect(run(fixes, { minutesBetweenWorks: 15 }).activities).toHaveLength(2)
  })

  it("seconds max for field fusion: a turn-around outside the field stays the field's work only when short enough", () => {
    // The field stops 8 m short of the passes' north ends: each turn there is outside it.
    const short = rectField("f1", 400, -10, 520, 192)
    const fixes = start().passes(12, { length: 200, spacing: 6, kmh: 10, overrun: 12 }).fixes()
    const fused = run(fixes, {}, { fields: [short] })
    const outside = fused.labels.filter((l, i) => l.state === "turn" && fixes[i] && fixes[i].lat > 0)
    expect(fused.activities[0]?.unknownFieldSeconds).toBe(0)
    expect(fused.labels.filter((l) => l.state === "turn").every((l) => l.field === "f1")).toBe(true)
    expect(outside.length).toBeGreaterThan(0)
    const strict = run(fixes, { secondsMaxFieldFusion: 3 }, { fields: [short] })
    expect(strict.activities[0]?.unknownFieldSeconds).toBeGreaterThan(0)
    expect(strict.labels.some((l) => l.activity === 0 && l.field === null && l.state !== "road")).toBe(true)
  })

  it("field work min duration: a shorter stint in a field is only driving through it", () => {
    // Four passes of 150 m at 10 km/h: about 4 minutes of work.
    const fixes = start().passes(4, { length: 150, spacing: 6, kmh: 10 }).drive(403, -300, 30).fixes()
    expect(run(fixes).activities).toHaveLength(0)
    expect(run(fixes).labels.some((l) => l.state === "fieldWork")).toBe(false)
    expect(run(fixes, { fieldWorkMinDurationMinutes: 3 }).activities).toHaveLength(1)
  })

  it("min pause time: a stop counts as a pause only from that long", () => {
    const b = start()
      .passes(6, { length: 200, spacing: 6, kmh: 10 })
      .stop(4 * 60, false)
    const fixes = b.passes(6, { length: 200, spacing: 6, kmh: 10 }).fixes()
    const counted = run(fixes).activities[0]
    expect(counted?.pauseCount).toBe(1)
    // Four minutes, give or take the fix after (the machine sets off between two fixes).
    expect(counted?.pauseSeconds).toBeGreaterThanOrEqual(239)
    expect(counted?.pauseSeconds).toBeLessThan(246)
    const ignored = run(fixes, { minPauseMinutes: 5 }).activities[0]
    expect(ignored?.pauseCount).toBe(0)
    expect(ignored?.pauseSeconds).toBe(0)
  })

  it("max GPS accuracy error: fixes less precise than it are left out", () => {
    const fixes = start()
      .passes(8, { length: 200, spacing: 6, kmh: 10 })
      .fixes()
      .map((f, i) => (i % 10 === 5 ? { ...f, acc: 40 } : f))
    const strict = run(fixes)
    expect(strict.labels.filter((l) => l.ignored === "inaccurate").length).toBe(
      fixes.filter((f) => f.acc === 40).length,
    )
    const lax = run(fixes, { maxGpsAccuracyErrorMeters: 50 })
    expect(lax.labels.some((l) => l.ignored === "inaccurate")).toBe(false)
  })

  it("min vibration: a machine standing with low vibration idles, or is paused when the minimum is higher", () => {
    const b = traceBuilder(morning(day), "vibration", [403, 0]).stop(10 * 60, true)
    toField(b).passes(6, { length: 200, spacing: 6, kmh: 10 })
    const fixes = b.fixes()
    const low = run(fixes, {}, { box: "vibration" })
    expect(low.labels[0]?.state).toBe("idle")
    const medium = run(fixes, { minVibration: "medium" }, { box: "vibration" })
    expect(medium.labels[0]?.state).toBe("pause")
    // And field work below the minimum vibration is not work: at "high" only, passes whose box
    // says "medium" are not worked.
    const quiet = run(
      fixes.map((f) => (f.vib === 3 ? { ...f, vib: 2 as const } : f)),
      { minVibration: "high" },
      { box: "vibration" },
    )
    expect(quiet.labels.some((l) => l.state === "fieldWork")).toBe(false)
  })

  it("activity time limitation by bookings: an activity is cut at a booking's end", () => {
    const b = start().passes(10, { length: 200, spacing: 6, kmh: 10 })
    const middle = b.now()
    const fixes = b.passes(10, { length: 200, spacing: 6, kmh: 10 }).fixes()
    const booking: EngineBooking = {
      id: "b1",
      start: morning(day) - 3600_000,
      end: middle,
      memberId: "m1",
      fieldIds: ["f1"],
      productTypeId: null,
    }
    expect(run(fixes, { timeLimitation: "day" }, { bookings: [booking] }).activities).toHaveLength(1)
    const cut = run(fixes, { timeLimitation: "booking" }, { bookings: [booking] }).activities
    expect(cut).toHaveLength(2)
    expect(cut[0]?.bookingId).toBe("b1")
    expect(cut[1]?.start).toBeGreaterThanOrEqual(middle)
  })

  it("ignore unknown fields: work outside every known field is dropped when asked", () => {
    const fixes = start().passes(10, { length: 200, spacing: 6, kmh: 10 }).fixes()
    const unknown = run(fixes, {}, { fields: [] })
    expect(unknown.activities).toHaveLength(1)
    expect(unknown.activities[0]?.fields).toEqual([])
    expect(run(fixes, { ignoreUnknownFields: true }, { fields: [] }).activities).toHaveLength(0)
    expect(run(fixes, { ignoreUnknownFields: true }).activities).toHaveLength(1)
  })

  it("minimum percentage of work on a field: a field holding less of the work is not named", () => {
    // The field's outline holds only the southern 60 % of each pass (drawn too short); the
    // stretches beyond are too long to be turn-arounds (fusion at 10 s) but too short to be a
    // field's work of their own.
    const part = rectField("f1", 390, -10, 530, 120)
    const fixes = start().passes(10, { length: 200, spacing: 6, kmh: 10 }).fixes()
    const settings = { secondsMaxFieldFusion: 10 }
    const named = run(fixes, settings, { fields: [part] }).activities
    expect(named).toHaveLength(1)
    expect(named[0]?.fields.map((f) => f.fieldId)).toEqual(["f1"])
    const strict = run(fixes, { ...settings, minWorkPercentOnField: 80 }, { fields: [part] }).activities[0]
    expect(strict?.fields).toEqual([])
    expect(strict?.unknownFieldSeconds).toBeGreaterThan(0)
  })

  it("diesel consumption correction: added to the measured consumption", () => {
    const fixes = start().passes(8, { length: 200, spacing: 6, kmh: 10 }).fixes()
    const measured = run(fixes).activities[0]?.fuelLitres ?? 0
    expect(measured).toBeGreaterThan(0)
    expect(run(fixes, { dieselConsumptionCorrectionPercent: 10 }).activities[0]?.fuelLitres).toBeCloseTo(
      measured * 1.1,
      6,
    )
    expect(run(fixes, { dieselConsumptionCorrectionPercent: -20 }).activities[0]?.fuelLitres).toBeCloseTo(
      measured * 0.8,
      6,
    )
  })

  it("min activity duration: a shorter activity is not kept", () => {
    const fixes = start().passes(6, { length: 200, spacing: 6, kmh: 10 }).fixes()
    const found = run(fixes).activities
    expect(found).toHaveLength(1)
    const minutes = (found[0]?.durationSeconds ?? 0) / 60
    expect(run(fixes, { minActivityDurationMinutes: Math.ceil(minutes + 1) }).activities).toHaveLength(0)
  })

  it("priority between booking, field and tag: the first that answers says whom the work is for", () => {
    const fixes = start()
      .passes(8, { length: 200, spacing: 6, kmh: 10, tags: ["BLE-D"] })
      .fixes()
    const booking: EngineBooking = {
      id: "b1",
      start: morning(day),
      end: morning(day, 18),
      memberId: "booked",
      fieldIds: [],
      productTypeId: null,
    }
    const o = {
      tags: [{ id: "BLE-D", kind: "user", userId: "driver" }] as Array<EngineTag>,
      bookings: [booking],
    }
    const by = (priority: MachineSettings["priority"]) =>
      run(fixes, { priority }, o).activities[0]?.attribution
    expect(by(["booking", "field", "tag"])).toEqual({ memberId: "booked", reason: "booking", sourceId: "b1" })
    expect(by(["field", "booking", "tag"])).toEqual({ memberId: "owner-1", reason: "field", sourceId: "f1" })
    expect(by(["tag", "field"])).toEqual({ memberId: "driver", reason: "tag", sourceId: "BLE-D" })
    expect(run(fixes, { priority: ["booking"] }, { tags: o.tags }).activities[0]?.attribution.reason).toBe(
      "none",
    )
  })
})
