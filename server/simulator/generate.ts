import { area } from "@turf/area"
import { buffer } from "@turf/buffer"
import type { MultiPolygon, Polygon, Position } from "geojson"
import type { WireFix } from "../../src/schema/telemetry"
import { type WorkState, workStates } from "../../src/schema/workStates"
import {
  add,
  aroundRing,
  bezier,
  dist,
  type Frame,
  frame,
  headingOf,
  insideIntervals,
  ringsXY,
  scale,
  sub,
  unit,
  type XY,
} from "./geo"
import { type Random, random } from "./random"

/**
 * A simulated working day: pure (no clock, no I/O), seeded. From a machine, its yard and the
 * fields it works that day, it makes the fixes its box would record (the wire format boxes
 * upload) and the ground truth behind them (each fix's true state and position, the field
 * worked, the surface really worked, distances and durations per state). docs/simulator.md
 * describes the model and the ground truth's shape.
 */

/** CAN values a machine's bus carries (absent: no CAN, as on most older machines and phones). */
export interface CanProfile {
  /** Engine hours at the start of the day. */
  readonly engineHours: number
  /** Fuel level at the start of the day, percent. */
  readonly fuelLevel: number
  readonly tankLitres: number
  /** Fuel rate per state with the engine running, l/h. */
  readonly fuelRates: {
    readonly fieldWork: number
    readonly turn: number
    readonly road: number
    readonly idle: number
  }
  /** Engine speed while working, rpm. */
  readonly workingRpm: number
  /** PTO speed while working (rpm), when the implement is driven by it. */
  readonly pto?: number
}

export interface SimMachine {
  readonly name: string
  /** Working width of the tool (m): the spacing of the passes. */
  readonly toolWidthM: number
  readonly maxWorkingSpeedKmh: number
  /** Cruising speed on the road (km/h). */
  readonly roadSpeedKmh: number
  readonly can?: CanProfile
  /** Whether the box reports vibration (a phone does not). */
  readonly vibration: boolean
  /** BLE tags the box hears: the driver's (absent at lunch) and the implement's (all day). */
  readonly tags?: { readonly driver?: string; readonly implement?: string }
}

export interface SimField {
  readonly id: string
  readonly name: string
  readonly geometry: Polygon | MultiPolygon
}

export interface DayOptions {
  /** Offset of local time from UTC in hours (Europe/Paris: 1 in winter, 2 in summer). */
  readonly utcOffsetHours: number
  /** Local hour the day starts (±20 min) and by which the machine is back in the yard. */
  readonly startHour: number
  readonly endHour: number
  /** Local hour of the lunch break (about an hour), and after which the machine is refuelled. */
  readonly lunchHour: number
  readonly refuelHour: number
  /** Seconds between fixes while moving, and while stopped. */
  readonly movingEverySeconds: number
  readonly stoppedEverySeconds: number
  /** Headland laps around each field (worked after the passes). */
  readonly headlandLaps: number
  /** Share of fixes with a poor accuracy (8–25 m, 4–6 satellites). */
  readonly poorFixRate: number
  /** Whether to compute the worked surfaces of the ground truth (the slow part: ~0.4 s a day). */
  readonly workedSurfaces: boolean
}

export const defaultDayOptions: DayOptions = {
  utcOffsetHours: 1,
  startHour: 7.5,
  endHour: 18.5,
  lunchHour: 12,
  refuelHour: 15,
  movingEverySeconds: 5,
  stoppedEverySeconds: 60,
  headlandLaps: 1,
  poorFixRate: 0.01,
  workedSurfaces: true,
}

export interface DayInput {
  /** The UTC date, YYYY-MM-DD. */
  readonly day: string
  readonly machine: SimMachine
  readonly yard: Position
  /** The fields to work, in order; the day may end before the last one is done. */
  readonly fields: ReadonlyArray<SimField>
  readonly seed: number
  /** Battery at the start of the day, percent. */
  readonly battery: number
  readonly options?: Partial<DayOptions>
}

export type PerState = Record<WorkState, number>

export interface TruthFix {
  readonly t: string
  readonly state: WorkState
  /** The field being worked (id), null on the road and in the yard. */
  readonly field: string | null
  /** The true position (the fix's is this plus the receiver's error). */
  readonly lng: number
  readonly lat: number
}

export interface TruthPass {
  /** Index of the parallel line (passes cut by a hole share it). */
  readonly line: number
  readonly from: [number, number]
  readonly to: [number, number]
}

export interface TruthField {
  readonly id: string
  readonly name: string
  readonly start: string
  readonly end: string
  /** The passes planned and driven, in order (headland laps not included). */
  readonly passes: ReadonlyArray<TruthPass>
  readonly headlandLaps: number
  /** The surface really worked: the field-work track buffered by half the tool width. */
  readonly worked: Polygon | MultiPolygon | null
  readonly workedHa: number
  readonly durations: PerState
  readonly distances: PerState
}

export interface GroundTruth {
  readonly format: "sillon-simulation-truth/1"
  readonly day: string
  readonly seed: number
  readonly machine: {
    readonly name: string
    readonly toolWidthM: number
    readonly maxWorkingSpeedKmh: number
    readonly can: boolean
  }
  /** First fix, and when the box stopped recording (durations sum to end − start). */
  readonly start: string
  readonly end: string
  /** Seconds per state. */
  readonly durations: PerState
  /** Metres driven per state (true path, without GPS noise). */
  readonly distances: PerState
  readonly fields: ReadonlyArray<TruthField>
  readonly fixes: ReadonlyArray<TruthFix>
}

export interface SimulatedDay {
  readonly fixes: ReadonlyArray<WireFix>
  readonly truth: GroundTruth
  /** What the next day starts from. */
  readonly after: { readonly battery: number; readonly engineHours?: number; readonly fuelLevel?: number }
}

const perState = (): PerState => Object.fromEntries(workStates.map((s) => [s, 0])) as PerState
const kmh = (v: number) => v / 3.6
const round = (v: number, digits: number) => {
  const k = 10 ** digits
  return Math.round(v * k) / k
}
const iso = (dayStartMs: number, t: number) =>
  new Date(dayStartMs + t * 1000).toISOString().replace(".000Z", "Z")

const polygonsOf = (g: Polygon | MultiPolygon): Array<Polygon> =>
  g.type === "Polygon" ? [g] : g.coordinates.map((coordinates) => ({ type: "Polygon", coordinates }))

/** The polygon shrunk by `metres` (turf buffer), or none when nothing is left. */
const shrink = (g: Polygon, metres: number): Array<Polygon> => {
  const out = buffer({ type: "Feature", properties: {}, geometry: g }, -metres, { units: "meters" })
  if (!out?.geometry) return []
  return polygonsOf(out.geometry as Polygon | MultiPolygon).filter(
    (p) => (p.coordinates[0]?.length ?? 0) >= 4,
  )
}

interface FieldPlan {
  readonly passes: Array<{ line: number; from: XY; to: XY }>
  readonly laps: Array<Array<XY>>
  /** The rings of the worked part (inside the headland): holes are driven around along them. */
  readonly rings: Array<Array<XY>>
}

/**
 * Parallel passes along the field's longest edge, spaced by the tool width less a small overlap,
 * over the field less its headland; then the headland laps, one tool width each.
 */
const planField = (
  g: Polygon,
  f: Frame,
  machine: SimMachine,
  laps: number,
  rnd: Random,
  from: XY,
): FieldPlan => {
  const w = machine.toolWidthM
  const outer = ringsXY(g, f)[0] ?? []
  let longest: [XY, XY] = [outer[0] as XY, outer[1] as XY]
  for (let i = 1; i < outer.length; i++) {
    const a = outer[i - 1] as XY
    const b = outer[i] as XY
    if (dist(a, b) > dist(longest[0], longest[1])) longest = [a, b]
  }
  const d = unit(sub(longest[1], longest[0]))
  const n: XY = [-d[1], d[0]]
  const interior = laps > 0 ? shrink(g, laps * w) : [g]
  const rings = interior.flatMap((p) => ringsXY(p, f))
  const offsets = rings.flat().map((p) => p[0] * n[0] + p[1] * n[1])
  const lo = Math.min(...offsets)
  const hi = Math.max(...offsets)
  const lines: Array<Array<{ from: XY; to: XY }>> = []
  for (let o = lo + w / 2; o <= hi - w / 4; o += w * (1 - rnd.between(0.02, 0.06))) {
    const at = scale(n, o)
    const stretches = insideIntervals(rings, at, d)
      .filter(([a, b]) => b - a > 2)
      .map(([a, b]) => ({ from: add(at, scale(d, a)), to: add(at, scale(d, b)) }))
    if (stretches.length > 0) lines.push(stretches)
  }
  // Start from the side and the end nearest to where the machine comes from.
  const first = lines[0]?.[0]
  const last = lines.at(-1)?.[0]
  const ordered =
    first && last && dist(from, last.from) < dist(from, first.from) ? [...lines].reverse() : lines
  const head = ordered[0]?.[0]
  let forward = head ? dist(from, head.from) <= dist(from, head.to) : true
  const passes: FieldPlan["passes"] = []
  ordered.forEach((stretches, i) => {
    const line = ordered === lines ? i : lines.length - 1 - i
    const driven = forward ? stretches : [...stretches].reverse().map((s) => ({ from: s.to, to: s.from }))
    for (const s of driven) passes.push({ line, ...s })
    forward = !forward
  })
  const lapRings: Array<Array<XY>> = []
  for (let k = 0; k < laps; k++)
    for (const p of shrink(g, w / 2 + k * w)) {
      const ring = ringsXY(p, f)[0]
      if (ring && ring.length >= 4) lapRings.push(ring)
    }
  return { passes, laps: lapRings, rings }
}

/** Drops the points of a track that lie on the straight line of their neighbours. */
const simplify = (track: ReadonlyArray<XY>): Array<XY> => {
  if (track.length <= 2) return [...track]
  const out: Array<XY> = [track[0] as XY]
  for (let i = 1; i < track.length - 1; i++) {
    const a = out.at(-1) as XY
    const b = track[i] as XY
    const c = track[i + 1] as XY
    const h1 = headingOf(sub(b, a))
    const h2 = headingOf(sub(c, b))
    const turn = Math.abs(((h2 - h1 + 540) % 360) - 180)
    if (turn > 0.5 || dist(a, b) > 200) out.push(b)
  }
  out.push(track.at(-1) as XY)
  return out
}

export const simulateDay = (input: DayInput): SimulatedDay => {
  const o: DayOptions = { ...defaultDayOptions, ...input.options }
  const { machine } = input
  const rnd = random(input.seed)
  const f = frame(input.yard)
  const yard: XY = [0, 0]
  const dayStartMs = Date.parse(`${input.day}T00:00:00Z`)
  const local = (t: number) => t / 3600 + o.utcOffsetHours
  const maxWork = kmh(machine.maxWorkingSpeedKmh)
  const turnSpeed = Math.min(kmh(7), maxWork * 0.6)
  const roadSpeed = kmh(machine.roadSpeedKmh)

  // The simulation's state, advanced one second at a time.
  let t = Math.round((o.startHour - o.utcOffsetHours) * 3600 + rnd.between(-1200, 1200))
  const start = t
  let pos: XY = yard
  let heading = rnd.between(0, 360)
  let speed = 0
  let lastFixAt = Number.NEGATIVE_INFINITY
  let lastState: WorkState | undefined
  let field: { id: string; index: number } | null = null
  let driverAway = false
  let battery = input.battery
  let engineHours = machine.can?.engineHours ?? 0
  let fuel = machine.can?.fuelLevel ?? 0
  let lunched = false
  let refuelled = false
  // The receiver's error (m), slowly wandering as real ones do, and its accuracy estimate.
  let err: XY = [0, 0]
  let acc = rnd.between(1.5, 3)
  let errorAt = t

  const fixes: Array<WireFix> = []
  const truthFixes: Array<TruthFix> = []
  const durations = perState()
  const distances = perState()
  const fieldTruth: Array<{
    id: string
    name: string
    start: number
    end: number
    passes: Array<TruthPass>
    laps: number
    tracks: Array<Array<XY>>
    durations: PerState
    distances: PerState
  }> = []

  const altitude = (p: XY) => 150 + 8 * Math.sin(p[0] / 900) + 5 * Math.cos(p[1] / 700)

  const record = (state: WorkState, moved: number) => {
    const moving = state === "fieldWork" || state === "turn" || state === "road"
    const due =
      state !== lastState || t - lastFixAt >= (moving ? o.movingEverySeconds : o.stoppedEverySeconds)
    if (due) {
      // The receiver's error since the last fix: an AR(1) process (0.995 a second) with a
      // standard deviation of about acc/2.5, bounded by acc; the accuracy itself wanders slowly.
      const elapsed = Math.min(3600, t - errorAt)
      errorAt = t
      acc = Math.min(4.8, Math.max(1.2, acc + rnd.normal(0, 0.04 * Math.sqrt(elapsed))))
      const rho = 0.995 ** elapsed
      const sd = (acc / 2.5) * Math.sqrt(1 - rho * rho)
      err = [rho * err[0] + rnd.normal(0, sd), rho * err[1] + rnd.normal(0, sd)]
      const e = Math.hypot(err[0], err[1])
      if (e > acc * 0.95) err = scale(err, (acc * 0.95) / e)
      lastFixAt = t
      const poor = rnd.chance(o.poorFixRate)
      let fixAcc = acc
      let offset = err
      let sat = Math.round(Math.min(14, Math.max(6, 15.5 - acc * 2 + rnd.normal(0, 0.8))))
      if (poor) {
        fixAcc = rnd.between(8, 25)
        const r = fixAcc * Math.sqrt(rnd.next()) * 0.95
        const a = rnd.between(0, 2 * Math.PI)
        offset = [r * Math.cos(a), r * Math.sin(a)]
        sat = rnd.int(4, 6)
      }
      const [lng, lat] = f.toLngLat(add(pos, offset))
      const [tlng, tlat] = f.toLngLat(pos)
      const when = iso(dayStartMs, t)
      const spd = moving ? Math.max(0, speed * 3.6 + Math.max(-0.2, Math.min(0.2, rnd.normal(0, 0.08)))) : 0
      const fix: {
        -readonly [K in keyof WireFix]: WireFix[K]
      } = {
        t: when,
        lng: round(lng, 7),
        lat: round(lat, 7),
        acc: round(fixAcc, 1),
        spd: round(spd, 1),
        hdg: round((heading + (moving ? rnd.normal(0, 1) : 0) + 360) % 360, 1),
        alt: round(altitude(pos) + rnd.normal(0, fixAcc * 0.6), 1),
        sat,
        bat: Math.round(battery),
      }
      if (machine.vibration)
        fix.vib =
          state === "fieldWork"
            ? rnd.chance(0.85)
              ? "high"
              : "medium"
            : state === "turn" || state === "road"
              ? "medium"
              : state === "idle"
                ? "low"
                : "none"
      if (machine.can && state !== "pause") {
        const c = machine.can
        const rpm =
          state === "fieldWork"
            ? rnd.normal(c.workingRpm, 30)
            : state === "turn"
              ? rnd.normal(1400, 50)
              : state === "road"
                ? 900 + (1200 * speed) / roadSpeed + rnd.normal(0, 30)
                : rnd.normal(850, 10)
        const can: Record<string, number> = {
          engineSpeed: Math.round(rpm),
          engineHours: round(Math.floor(engineHours / 0.05) * 0.05, 2),
          fuelRate: round(Math.max(0.5, c.fuelRates[state] * (1 + rnd.normal(0, 0.05))), 1),
          fuelLevel: round(Math.floor(fuel / 0.4) * 0.4, 1),
        }
        if (c.pto !== undefined) can.pto = state === "fieldWork" ? Math.round(rnd.normal(c.pto, 4)) : 0
        fix.can = can
      }
      if (machine.tags) {
        const tags: Array<{ id: string; rssi: number }> = []
        if (machine.tags.driver && !driverAway)
          tags.push({ id: machine.tags.driver, rssi: Math.round(rnd.normal(-62, 4)) })
        if (machine.tags.implement)
          tags.push({ id: machine.tags.implement, rssi: Math.round(rnd.normal(-70, 4)) })
        fix.tags = tags
      }
      fixes.push(fix)
      truthFixes.push({ t: when, state, field: field?.id ?? null, lng: round(tlng, 8), lat: round(tlat, 8) })
    }
    lastState = state
    durations[state] += 1
    distances[state] += moved
    const ft = field ? fieldTruth[field.index] : undefined
    if (ft) {
      ft.durations[state] += 1
      ft.distances[state] += moved
      ft.end = t + 1
    }
    // One second passes: the engine runs unless paused; the box's battery drains slowly.
    if (state !== "pause" && machine.can) {
      engineHours += 1 / 3600
      fuel = Math.max(0, fuel - ((machine.can.fuelRates[state] / 3600) * 100) / machine.can.tankLitres)
    }
    battery = Math.max(0, battery - 0.05 / 3600)
    t += 1
  }

  const stay = (seconds: number, state: "pause" | "idle") => {
    speed = 0
    for (let i = 0; i < seconds; i++) record(state, 0)
  }

  /** Drives along a polyline, accelerating towards `target` and slowing down to `endSpeed`. */
  const drive = (path: ReadonlyArray<XY>, state: WorkState, target: () => number, endSpeed: number) => {
    const track = field && state === "fieldWork" ? [pos] : undefined
    let total = 0
    for (let i = 1; i < path.length; i++) total += dist(path[i - 1] as XY, path[i] as XY)
    let travelled = 0
    let segment = 1
    let along = 0
    const accel = 0.6
    while (travelled < total - 0.01) {
      const remaining = total - travelled
      const allowed = Math.sqrt(endSpeed * endSpeed + 2 * accel * remaining)
      speed = Math.max(0.6, Math.min(target(), allowed, speed + accel))
      let step = Math.min(speed, remaining)
      const before = pos
      // Walk `step` metres along the path.
      while (step > 0 && segment < path.length) {
        const a = path[segment - 1] as XY
        const b = path[segment] as XY
        const len = dist(a, b)
        if (along + step < len) {
          along += step
          step = 0
          pos = add(a, scale(sub(b, a), along / len))
        } else {
          step -= len - along
          along = 0
          segment += 1
          pos = b
        }
        if (len > 0) heading = headingOf(sub(b, a))
      }
      const moved = dist(before, pos)
      travelled += moved
      record(state, moved)
      track?.push(pos)
      if (moved < 1e-6) break
    }
    if (track && field) fieldTruth[field.index]?.tracks.push(track)
  }

  /** Along straight legs, slowing down at each bend sharper than 25°. */
  const legs = (
    points: ReadonlyArray<XY>,
    state: WorkState,
    target: () => number,
    bendSpeed: number,
    endSpeed: number,
  ) => {
    const clean = points.filter((p, i) => i === 0 || dist(p, points[i - 1] as XY) > 0.5)
    let from = 0
    for (let i = 1; i < clean.length; i++) {
      const last = i === clean.length - 1
      let bend = false
      if (!last) {
        const h1 = headingOf(sub(clean[i] as XY, clean[i - 1] as XY))
        const h2 = headingOf(sub(clean[i + 1] as XY, clean[i] as XY))
        bend = Math.abs(((h2 - h1 + 540) % 360) - 180) > 25
      }
      if (last || bend) {
        drive(clean.slice(from, i + 1), state, target, last ? endSpeed : bendSpeed)
        from = i
      }
    }
  }

  /** By farm tracks: one bend (east then north, or north then east), at 20–40 km/h. */
  const road = (to: XY, endSpeed: number) => {
    const cruise = Math.min(kmh(40), Math.max(kmh(20), roadSpeed * rnd.between(0.78, 0.95)))
    const bend: XY = rnd.chance(0.5) ? [to[0], pos[1]] : [pos[0], to[1]]
    const via = dist(pos, bend) > 40 && dist(bend, to) > 40 ? [bend] : []
    legs([pos, ...via, to], "road", () => cruise * rnd.between(0.98, 1.02), kmh(15), endSpeed)
  }

  const timeHome = () => (dist(pos, yard) * 1.4) / (roadSpeed * 0.8) + 15 * 60
  const late = () => local(t + timeHome()) >= o.endHour

  /** Lunch and refuelling, where the machine stands, when their time has come. */
  const breaks = () => {
    if (!lunched && local(t) >= o.lunchHour) {
      lunched = true
      speed = 0
      driverAway = true
      stay(Math.round(rnd.between(55, 65) * 60), "pause")
      driverAway = false
    }
    if (!refuelled && (local(t) >= o.refuelHour || (machine.can !== undefined && fuel < 20))) {
      refuelled = true
      stay(Math.round(rnd.between(12, 18) * 60), "pause")
      if (machine.can) fuel = rnd.between(95, 99)
    }
  }

  const workField = (sf: SimField) => {
    for (const polygon of polygonsOf(sf.geometry)) {
      if (late()) return
      const plan = planField(polygon, f, machine, o.headlandLaps, rnd, pos)
      const entry = plan.passes[0]?.from ?? plan.laps[0]?.[0]
      if (!entry) continue
      road(entry, turnSpeed)
      field = { id: sf.id, index: fieldTruth.length }
      fieldTruth.push({
        id: sf.id,
        name: sf.name,
        start: t,
        end: t,
        passes: [],
        laps: 0,
        tracks: [],
        durations: perState(),
        distances: perState(),
      })
      const ft = fieldTruth.at(-1)
      // Unfolding the implement, engine running.
      stay(rnd.int(60, 180), "idle")
      const w = machine.toolWidthM
      const reach = Math.max(w * 0.8, 6)
      let prev: { line: number; from: XY; to: XY } | undefined
      for (const pass of plan.passes) {
        breaks()
        if (late()) break
        if (prev) {
          const d0 = unit(sub(prev.to, prev.from))
          const d1 = unit(sub(pass.to, pass.from))
          // Along one line a hole (the pond) is driven around, implement lifted; else a headland turn.
          const path =
            prev.line === pass.line
              ? aroundRing(plan.rings, pos, pass.from)
              : bezier(prev.to, add(prev.to, scale(d0, reach)), sub(pass.from, scale(d1, reach)), pass.from)
          drive(path, "turn", () => turnSpeed, turnSpeed)
        } else if (dist(pos, pass.from) > 0.5) drive([pos, pass.from], "turn", () => turnSpeed, turnSpeed)
        const cruise = maxWork * rnd.between(0.82, 0.92)
        let wobble = 1
        drive(
          [pass.from, pass.to],
          "fieldWork",
          () => {
            wobble = Math.min(1.03, Math.max(0.97, wobble + rnd.normal(0, 0.006)))
            return Math.min(maxWork * 0.95, cruise * wobble)
          },
          turnSpeed,
        )
        ft?.passes.push({ line: pass.line, from: f.toLngLat(pass.from), to: f.toLngLat(pass.to) })
        prev = pass
      }
      for (const ring of plan.laps) {
        breaks()
        if (late()) break
        // Start the lap at its corner nearest to the machine, and go round.
        let nearest = 0
        ring.forEach((p, i) => {
          if (dist(p, pos) < dist(ring[nearest] as XY, pos)) nearest = i
        })
        const open = ring.slice(0, -1)
        const lap = [...open.slice(nearest), ...open.slice(0, nearest), open[nearest] as XY]
        drive([pos, lap[0] as XY], "turn", () => turnSpeed, turnSpeed)
        const cruise = maxWork * rnd.between(0.75, 0.85)
        legs(lap, "fieldWork", () => cruise, turnSpeed, turnSpeed)
        if (ft) ft.laps += 1
      }
      breaks()
      field = null
    }
  }

  // The day: engine warming up in the yard, the fields in turn, back to the yard.
  stay(rnd.int(180, 360), "idle")
  for (const sf of input.fields) {
    if (local(t) >= o.endHour - 1.5 || late()) break
    workField(sf)
  }
  road(yard, 0)
  stay(rnd.int(60, 180), "idle")
  const end = t

  const fields: Array<TruthField> = fieldTruth.map((ft) => {
    const tracks = ft.tracks
      .filter((tr) => tr.length >= 2)
      .map((tr) => simplify(tr).map((p) => f.toLngLat(p)))
    const worked =
      tracks.length === 0 || !o.workedSurfaces
        ? undefined
        : buffer(
            { type: "Feature", properties: {}, geometry: { type: "MultiLineString", coordinates: tracks } },
            machine.toolWidthM / 2,
            { units: "meters" },
          )
    const geometry = (worked?.geometry as Polygon | MultiPolygon | undefined) ?? null
    const roundRings = (g: Polygon | MultiPolygon): Polygon | MultiPolygon =>
      g.type === "Polygon"
        ? {
            type: "Polygon",
            coordinates: g.coordinates.map((r) => r.map(([x = 0, y = 0]) => [round(x, 7), round(y, 7)])),
          }
        : {
            type: "MultiPolygon",
            coordinates: g.coordinates.map((p) =>
              p.map((r) => r.map(([x = 0, y = 0]) => [round(x, 7), round(y, 7)])),
            ),
          }
    return {
      id: ft.id,
      name: ft.name,
      start: iso(dayStartMs, ft.start),
      end: iso(dayStartMs, ft.end),
      passes: ft.passes,
      headlandLaps: ft.laps,
      worked: geometry ? roundRings(geometry) : null,
      workedHa: geometry ? round(area(geometry) / 10_000, 4) : 0,
      durations: ft.durations,
      distances: Object.fromEntries(workStates.map((s) => [s, round(ft.distances[s], 1)])) as PerState,
    }
  })

  return {
    fixes,
    truth: {
      format: "sillon-simulation-truth/1",
      day: input.day,
      seed: input.seed,
      machine: {
        name: machine.name,
        toolWidthM: machine.toolWidthM,
        maxWorkingSpeedKmh: machine.maxWorkingSpeedKmh,
        can: machine.can !== undefined,
      },
      start: iso(dayStartMs, start),
      end: iso(dayStartMs, end),
      durations,
      distances: Object.fromEntries(workStates.map((s) => [s, round(distances[s], 1)])) as PerState,
      fields,
      fixes: truthFixes,
    },
    after: {
      battery,
      ...(machine.can ? { engineHours, fuelLevel: fuel } : {}),
    },
  }
}
