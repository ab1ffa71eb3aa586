import type { Polygon } from "geojson"
import { defaultSettings, type MachineSettings } from "../../../src/schema/machine"
import type { EngineField, EngineFix, EngineInput, EngineMachine, VibrationIndex } from "./types"

/**
 * Small hand-built traces for the engine's tests: a machine driven in metres east (x) and north
 * (y) of an origin in the Beauce, a fix every 5 s while moving and every minute stopped, as boxes
 * record. What each step does to the box (vibration, CAN, tags) follows what it is, unless told.
 */

const origin = { lng: 1.262, lat: 48.318 }
const kx = 6_371_008.8 * (Math.PI / 180) * Math.cos((origin.lat * Math.PI) / 180)
const ky = 6_371_008.8 * (Math.PI / 180)
export const lngLat = (x: number, y: number): [number, number] => [origin.lng + x / kx, origin.lat + y / ky]

/** A rectangle field (metres), optionally owned. */
export const rectField = (
  id: string,
  x0: number,
  y0: number,
  x1: number,
  y1: number,
  ownerId: string | null = null,
): EngineField => ({
  id,
  ownerId,
  geometry: {
    type: "Polygon",
    coordinates: [[lngLat(x0, y0), lngLat(x1, y0), lngLat(x1, y1), lngLat(x0, y1), lngLat(x0, y0)]],
  } satisfies Polygon,
})

export type Box = "full" | "vibration" | "phone"

interface StepOptions {
  readonly vib?: VibrationIndex | null
  readonly tags?: ReadonlyArray<string>
  readonly fuelRate?: number
}

export interface TraceBuilder {
  /** Time now (ms) and where the machine is (m). */
  readonly now: () => number
  readonly at: () => readonly [number, number]
  /** Stands still: engine running (`idle`) or off (`pause`). */
  readonly stop: (seconds: number, engine: boolean, o?: StepOptions) => TraceBuilder
  /** Drives straight to a point at a speed, as on a road (vibration medium). */
  readonly drive: (x: number, y: number, kmh: number, o?: StepOptions & { work?: boolean }) => TraceBuilder
  /**
   * Works parallel passes northwards then southwards, `spacing` metres apart eastwards from where
   * the machine is, each `length` metres long, joined by U-turns at turning speed that reach
   * `overrun` metres beyond the pass ends.
   */
  readonly passes: (
    count: number,
    o: { length: number; spacing: number; kmh: number; turnKmh?: number; overrun?: number } & StepOptions,
  ) => TraceBuilder
  readonly fixes: () => Array<EngineFix>
}

export const traceBuilder = (
  start: number,
  box: Box = "full",
  from: readonly [number, number] = [0, 0],
): TraceBuilder => {
  const fixes: Array<EngineFix> = []
  let t = start
  let pos: readonly [number, number] = from
  const push = (
    kmh: number,
    hdg: number,
    kind: "work" | "turn" | "road" | "idle" | "pause",
    o: StepOptions = {},
  ) => {
    const [lng, lat] = lngLat(pos[0], pos[1])
    const level: VibrationIndex =
      kind === "work" ? 3 : kind === "turn" || kind === "road" ? 2 : kind === "idle" ? 1 : 0
    const running = kind !== "pause"
    const rate = o.fuelRate ?? (kind === "work" ? 20 : kind === "idle" ? 3 : 12)
    fixes.push({
      t,
      lng,
      lat,
      acc: 2,
      spd: kmh,
      hdg: box === "phone" && kmh === 0 ? null : hdg,
      vib: box === "phone" ? null : o.vib !== undefined ? o.vib : level,
      can: box === "full" && running ? { engineSpeed: kind === "idle" ? 850 : 1800, fuelRate: rate } : null,
      tags: o.tags ?? [],
    })
  }
  const heading = (dx: number, dy: number) => ((Math.atan2(dx, dy) * 180) / Math.PI + 360) % 360
  const line = (x: number, y: number, kmh: number, kind: "work" | "turn" | "road", o?: StepOptions) => {
    const dx = x - pos[0]
    const dy = y - pos[1]
    const length = Math.hypot(dx, dy)
    const steps = Math.max(1, Math.round(length / ((kmh / 3.6) * 5)))
    const h = heading(dx, dy)
    const [x0, y0] = pos
    for (let k = 1; k <= steps; k++) {
      t += (length / steps / (kmh / 3.6)) * 1000
      pos = [x0 + (dx * k) / steps, y0 + (dy * k) / steps]
      push(kmh, h, kind, o)
    }
  }
  const self: TraceBuilder = {
    now: () => t,
    at: () => pos,
    stop: (seconds, engine, o) => {
      // A fix as the machine stops (boxes record each change), then one a minute.
      const end = t + seconds * 1000
      t += 1000
      while (t < end) {
        push(0, 0, engine ? "idle" : "pause", o)
        t = Math.min(end, t + 60_000)
      }
      return self
    },
    drive: (x, y, kmh, o) => {
      line(x, y, kmh, o?.work ? "work" : "road", o)
      return self
    },
    passes: (count, o) => {
      const turnKmh = o.turnKmh ?? 7
      const overrun = o.overrun ?? 6
      for (let p = 0; p < count; p++) {
        const north = p % 2 === 0
        const [x, y] = pos
        line(x, north ? y + o.length : y - o.length, o.kmh, "work", o)
        if (p === count - 1) break
        // The U-turn: out beyond the end, across by the spacing, back to the next pass's start.
        const [ex, ey] = pos
        const sign = north ? 1 : -1
        line(ex + o.spacing * 0.15, ey + sign * overrun, turnKmh, "turn", o)
        line(ex + o.spacing * 0.85, ey + sign * overrun, turnKmh, "turn", o)
        line(ex + o.spacing, ey, turnKmh, "turn", o)
      }
      return self
    },
    fixes: () => [...fixes],
  }
  return self
}

export const machineOf = (
  o: Partial<Omit<EngineMachine, "settings">> & { settings?: Partial<MachineSettings> } = {},
): EngineMachine => ({
  id: "machine",
  toolWidthM: 6,
  maxWorkingSpeedKmh: 12,
  canPresent: true,
  consumption: null,
  ...o,
  settings: { ...defaultSettings, ...o.settings },
})

/** A day's input: the period is the UTC day of `day` (YYYY-MM-DD), cut at its midnights. */
export const inputOf = (
  day: string,
  fixes: ReadonlyArray<EngineFix>,
  o: Partial<Omit<EngineInput, "machine">> & { machine?: EngineMachine } = {},
): EngineInput => {
  const start = Date.parse(`${day}T00:00:00Z`)
  return {
    machine: o.machine ?? machineOf(),
    fixes,
    fields: o.fields ?? [],
    tags: o.tags ?? [],
    bookings: o.bookings ?? [],
    period: o.period ?? { start, end: start + 86_400_000 },
    cuts: o.cuts ?? [start, start + 86_400_000],
    ...(o.implementEdits ? { implementEdits: o.implementEdits } : {}),
    ...(o.joins ? { joins: o.joins } : {}),
  }
}

/** 08:00 UTC on the test day. */
export const morning = (day: string, hour = 8) => Date.parse(`${day}T${String(hour).padStart(2, "0")}:00:00Z`)
