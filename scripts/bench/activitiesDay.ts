/**
 * The machine-day the activity engine's bench measures: a 6 m sprayer over five fields of the demo
 * plain, ≈ 8,300 fixes at 5 s, with the truth's field-work steps in a local frame (metres) and in
 * WGS 84, so that the sweep, the unions and Turf all measure the very same track.
 */
import type { Polygon, Position } from "geojson"
import type { EngineInput } from "../../server/activities/engine/types"
import { demoFields } from "../../server/seed/fields"
import { yardFor } from "../../server/simulator/fleet"
import { type SimMachine, type SimulatedDay, simulateDay } from "../../server/simulator/generate"
import { frame } from "../../server/simulator/geo"
import { defaultSettings } from "../../src/schema/machine"
import { engineFixOf } from "./activitiesAccuracy"

export const sprayer: SimMachine = {
  name: "Pulvérisateur 6 m",
  toolWidthM: 6,
  maxWorkingSpeedKmh: 12,
  roadSpeedKmh: 30,
  vibration: true,
}
export const halfWidth = sprayer.toolWidthM / 2

export interface BenchDay {
  readonly day: SimulatedDay
  readonly fields: ReadonlyArray<{ id: string; name: string; geometry: Polygon }>
  /** Field-work steps in a local frame (m): the whole day, and field by field. */
  readonly segments: Float64Array
  readonly byField: ReadonlyArray<{ readonly id: string; readonly segments: Float64Array }>
  /** The same steps in WGS 84, as runs of consecutive field work. */
  readonly runs: ReadonlyArray<ReadonlyArray<Position>>
}

/** The day every measurement shares (pure and seeded: the children make the very same). */
export const benchDay = (truthSurfaces = false): BenchDay => {
  const fields = demoFields()
    .slice(6, 15)
    .map((f, i) => ({
      id: `field-${i}`,
      name: f.name,
      geometry: { type: "Polygon", coordinates: f.rings.map((ring) => ring.map((p) => [...p])) } as Polygon,
    }))
  const day = simulateDay({
    day: "2026-04-14",
    machine: sprayer,
    yard: yardFor(fields),
    fields,
    seed: 4242,
    battery: 90,
    // A long spring day (06:00–19:30): ≈ 8,300 fixes at 5 s.
    options: { startHour: 6, endHour: 19.5, workedSurfaces: truthSurfaces },
  })
  const f = frame([day.fixes[0]?.lng ?? 0, day.fixes[0]?.lat ?? 0])
  const all: Array<number> = []
  const perField = new Map<string, Array<number>>()
  const runs: Array<Array<Position>> = []
  let run: Array<Position> = []
  const truth = day.truth.fixes
  for (let i = 1; i < truth.length; i++) {
    const a = truth[i - 1]
    const b = truth[i]
    const fa = day.fixes[i - 1]
    const fb = day.fixes[i]
    if (
      a?.state === "fieldWork" &&
      b?.state === "fieldWork" &&
      b.field !== null &&
      a.field === b.field &&
      fa &&
      fb
    ) {
      const [x0, y0] = f.toXY([fa.lng, fa.lat])
      const [x1, y1] = f.toXY([fb.lng, fb.lat])
      all.push(x0, y0, x1, y1)
      const own = perField.get(b.field) ?? []
      own.push(x0, y0, x1, y1)
      perField.set(b.field, own)
      if (run.length === 0) run.push([fa.lng, fa.lat])
      run.push([fb.lng, fb.lat])
    } else if (run.length > 0) {
      runs.push(run)
      run = []
    }
  }
  if (run.length > 0) runs.push(run)
  return {
    day,
    fields,
    segments: new Float64Array(all),
    byField: [...perField].map(([id, s]) => ({ id, segments: new Float64Array(s) })),
    runs,
  }
}

/** The engine's input for the bench day: the sprayer with the default settings, the five fields. */
export const benchInput = (d: BenchDay): EngineInput => {
  const dayStart = Date.parse(`${d.day.truth.day}T00:00:00Z`)
  return {
    machine: {
      id: "bench-sprayer",
      toolWidthM: sprayer.toolWidthM,
      maxWorkingSpeedKmh: sprayer.maxWorkingSpeedKmh,
      canPresent: false,
      consumption: null,
      settings: defaultSettings,
    },
    fixes: d.day.fixes.map(engineFixOf),
    fields: d.fields.map((f) => ({ id: f.id, ownerId: null, geometry: f.geometry })),
    tags: [],
    bookings: [],
    period: { start: dayStart, end: dayStart + 86_400_000 },
    cuts: [],
  }
}
