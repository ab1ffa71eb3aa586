import type { MachineSettings } from "../../../src/schema/machine"
import type { Motion } from "./motion"
import { vibrationIndex } from "./motion"
import { lengthOf } from "./numbers"
import type { Run } from "./runs"
import { splitRuns } from "./runs"
import { FIELD_WORK, IDLE, PAUSE, ROAD, TURN } from "./states"
import { turnsOf } from "./turns"

/**
 * Every kept fix's state, and for field work the field it belongs to. Stopped fixes are `idle`
 * (engine running) or `pause`; moving ones are grouped into *work blocks* — stretches where the
 * machine moves as it works (not faster than its working speed, vibrating enough when the box says)
 * — and a block is field work when it lies in a known field, or, without one, when its shape is a
 * field's: parallel passes joined by U-turns, crossing its own ground again and again.
 */

/** When the machine's maximum working speed is unknown: the top of common field work (km/h). */
export const defaultMaxWorkingSpeedKmh = 15
/** Working speed limit = maximum × this + 1 km/h: GPS speed noise, and a driver pushing a little. */
const workSpeedTolerance = 1.15
/** A faster stretch or a dip in vibration this short (s) inside work does not end it (a hop). */
export const interruptionSeconds = 30
/** A block is a known field's when at least this share of its moving fixes lie in known fields. */
const parcelShare = 0.5
/**
 * Without a field, work is recognised by its shape: the track crosses the block's extent at least
 * this many times (path length over the diagonal of its box: a road is about 1, two passes 2)…
 */
const shapeMinCrossings = 2.5
/**
 * … and turns back on itself (a U-turn between two passes) at least once: a block may start in a
 * turn (work resumed after lunch), whose reversal cannot be told; two long passes are work.
 */
const shapeMinUTurns = 1

export interface Labelled {
  readonly state: Uint8Array
  /** Field index for field work (and its turns, pauses), −1 unknown field, −2 none (road, yard). */
  readonly ctx: Int32Array
  /** Work run of the fix (its index in `runs`), −1 when none. */
  readonly run: Int32Array
  readonly runs: ReadonlyArray<Run>
}

export interface LabelOptions {
  readonly settings: MachineSettings
  readonly maxWorkingSpeedKmh: number | null
  readonly toolWidthM: number | null
  /** The period each fix falls in between cuts: no run or activity crosses a cut. */
  readonly slice: Int32Array
}

export const labelFixes = (mo: Motion, fieldOf: Int32Array, o: LabelOptions): Labelled => {
  const m = mo.m
  const s = o.settings
  const state = new Uint8Array(m)
  const ctx = new Int32Array(m).fill(-2)
  const run = new Int32Array(m).fill(-1)
  const betweenS = s.minutesBetweenWorks * 60
  labelStops(mo, state, s.minPauseMinutes * 60)

  const maxWork = o.maxWorkingSpeedKmh ?? defaultMaxWorkingSpeedKmh
  const speedLimit = maxWork * workSpeedTolerance + 1
  const minVib = vibrationIndex[s.minVibration]
  const candidate = new Uint8Array(m)
  for (let j = 0; j < m; j++) {
    if (!mo.moving[j]) continue
    state[j] = ROAD
    const v = mo.vib[j] as number
    const quiet = v >= 0 && minVib > 0 && v < minVib
    candidate[j] = (mo.speed[j] as number) <= speedLimit && !quiet ? 1 : 0
  }

  const runs: Array<Run> = []
  const width = o.toolWidthM ?? 6
  for (const [a, b] of blocksOf(mo, candidate, betweenS, o.slice)) {
    const moving: Array<number> = []
    let inParcel = 0
    for (let j = a; j <= b; j++)
      if (mo.moving[j]) {
        moving.push(j)
        if ((fieldOf[j] as number) >= 0) inParcel++
      }
    const turns = turnsOf(mo, moving, candidate, width)
    const parcel = inParcel >= parcelShare * moving.length
    if (!parcel && !shapeOfWork(mo, moving, turns.uTurns)) continue
    // Faster than work inside a block: a hop along the road between two parts of the work.
    for (const j of moving)
      state[j] =
        (mo.speed[j] as number) > speedLimit ? ROAD : candidate[j] && !turns.turn[j - a] ? FIELD_WORK : TURN
    trimWayInAndOut(mo, moving, candidate, state)
    const context = parcel
      ? fuseExcursions(mo, moving, fieldOf, state, s.secondsMaxFieldFusion, (stretch) =>
          shapeOfWork(mo, stretch, turnsOf(mo, stretch, candidate, width).uTurns),
        )
      : null
    for (const j of moving) ctx[j] = context ? (context.get(j) ?? -2) : -1
    passingThrough(mo, moving, candidate, state, ctx, fieldOf)
    const minRunS = s.fieldWorkMinDurationMinutes * 60
    for (const r of splitRuns(mo, moving, ctx, o.slice, minRunS, s.minWorkPercentOnField)) {
      let workS = 0
      for (let j = r.first; j <= r.last; j++) if (state[j] === FIELD_WORK) workS += mo.dt[j] as number
      if (workS < minRunS) {
        // Too short to be work on a field: driving through it.
        for (let j = r.first; j <= r.last; j++)
          if (mo.moving[j]) {
            state[j] = ROAD
            ctx[j] = -2
          }
        continue
      }
      for (let j = r.first; j <= r.last; j++) {
        run[j] = runs.length
        if (!mo.moving[j]) ctx[j] = r.field
      }
      runs.push(r)
    }
    for (const j of moving) if (ctx[j] === -2 && state[j] !== ROAD) state[j] = ROAD
  }
  return { state, ctx, run, runs }
}

/** At most this many moving fixes (about 10 s) make the way in before the first stop, or out. */
const wayFixes = 2

/**
 * The way in and out of a block: a machine arriving from the road slows down before it stops to
 * unfold its implement, and leaving it speeds up along a bend towards the road. The few moving
 * fixes before the block's first stop, coming from the road, are road; so are the few after its
 * last bend that lead onto the road, and that bend itself was the work's end, not a turn.
 * `moving` loses them (they stay `road`).
 */
const trimWayInAndOut = (mo: Motion, moving: Array<number>, candidate: Uint8Array, state: Uint8Array) => {
  const first = moving[0] as number
  const fromRoad = first > 0 && mo.moving[first - 1] === 1 && !candidate[first - 1]
  let lead = 0
  while (lead + 1 < moving.length && moving[lead + 1] === (moving[lead] as number) + 1) lead++
  if (fromRoad && lead < wayFixes && lead + 1 < moving.length) {
    for (const j of moving.splice(0, lead + 1)) state[j] = ROAD
  }
  const last = moving.at(-1)
  if (last === undefined || last + 1 >= mo.m || !mo.moving[last + 1] || candidate[last + 1]) return
  let bend = moving.length - 1
  while (bend >= 0 && state[moving[bend] as number] !== TURN) bend--
  const after = moving.length - 1 - bend
  if (bend <= 0 || after === 0 || after > wayFixes || state[moving[bend - 1] as number] !== FIELD_WORK) return
  if (moving[bend + 1] !== (moving[bend] as number) + 1) return
  state[moving[bend] as number] = FIELD_WORK
  for (const j of moving.splice(bend + 1)) state[j] = ROAD
}

/**
 * Passing through inside a block: a machine that comes from elsewhere — from the road (faster than
 * it works, or quiet), or from another field — and within a few fixes stops (to unfold, lower or
 * fill its implement) or drives off again on the road has not worked there: it drove in, or
 * across. Nor has one that sets off from a stop and, within a few fixes, is on the road or stopped
 * again in another field. Those few fixes are road. Work that goes on, or that goes straight into
 * the next field (a pass across a corner of the neighbour's), is left as it is.
 */
const passingThrough = (
  mo: Motion,
  moving: ReadonlyArray<number>,
  candidate: Uint8Array,
  state: Uint8Array,
  ctx: Int32Array,
  fieldOf: Int32Array,
) => {
  const elsewhere = (i: number, field: number) => !candidate[i] || state[i] === ROAD || ctx[i] !== field
  let p = 0
  while (p < moving.length) {
    const j = moving[p] as number
    if (state[j] === ROAD) {
      p++
      continue
    }
    const field = ctx[j] as number
    // The stretch of consecutive moving fixes in this field from p, at most one more than a way.
    let q = p
    while (
      q + 1 < moving.length &&
      q - p < wayFixes &&
      moving[q + 1] === (moving[q] as number) + 1 &&
      state[moving[q + 1] as number] !== ROAD &&
      ctx[moving[q + 1] as number] === field
    )
      q++
    const before = moving[p - 1]
    const last = moving[q] as number
    const fromElsewhere = before === j - 1 && elsewhere(before, field)
    const fromStop = j > 0 && before !== j - 1 && mo.moving[j - 1] === 0
    const leaves =
      last + 1 < mo.m && mo.moving[last + 1] === 1 && (!candidate[last + 1] || state[last + 1] === ROAD)
    const stops = last + 1 < mo.m && mo.moving[last + 1] === 0
    if (((fromElsewhere && (stops || leaves)) || (fromStop && leaves)) && q - p < wayFixes)
      for (let r = p; r <= q; r++) {
        const w = moving[r] as number
        state[w] = ROAD
        ctx[w] = -2
      }
    p = q + 1
  }
  // From one stop to the next within a few fixes, the second in another field: driven there.
  for (let p = 0; p < moving.length; p++) {
    const j = moving[p] as number
    if (j === 0 || mo.moving[j - 1] !== 0) continue
    let q = p
    while (q + 1 < moving.length && moving[q + 1] === (moving[q] as number) + 1 && q - p < wayFixes) q++
    const last = moving[q] as number
    if (q - p >= wayFixes || last + 1 >= mo.m || mo.moving[last + 1] !== 0) continue
    const from = fieldOf[j - 1] as number
    const to = fieldOf[last + 1] as number
    if (from === to || (from < 0 && to < 0)) continue
    for (let r = p; r <= q; r++) {
      const w = moving[r] as number
      state[w] = ROAD
      ctx[w] = -2
    }
  }
}

/**
 * Stopped fixes: `idle` when the engine runs, `pause` when it does not. When nothing says (a
 * phone: no vibration, no CAN), a stop shorter than the minimum pause is `idle` — a machine at
 * work stops briefly with its engine running — and a longer one a `pause`.
 */
const labelStops = (mo: Motion, state: Uint8Array, minPauseS: number) => {
  let j = 0
  while (j < mo.m) {
    if (mo.moving[j]) {
      j++
      continue
    }
    let e = j
    while (e + 1 < mo.m && !mo.moving[e + 1] && (mo.dt[e] as number) > 0) e++
    const duration = (mo.ts[e] as number) - (mo.ts[j] as number) + (mo.dt[e] as number)
    for (let k = j; k <= e; k++) {
      const engine = mo.engine[k]
      state[k] = engine === 1 ? IDLE : engine === 0 ? PAUSE : duration < minPauseS ? IDLE : PAUSE
    }
    j = e + 1
  }
}

/**
 * Stretches from a work-like moving fix to the last one after it, through stops shorter than the
 * minutes between two works and through other moving stretches shorter than `interruptionSeconds`.
 */
const blocksOf = (mo: Motion, candidate: Uint8Array, betweenS: number, slice: Int32Array) => {
  const out: Array<[number, number]> = []
  let start = -1
  let last = -1
  // The first moving fix since the last work-like one that is not work-like itself: how long the
  // machine has moved otherwise. A hole in the data is not such a time (fixes lost on the way).
  let otherSince = -1
  for (let j = 0; j < mo.m; j++) {
    if (start >= 0) {
      let broken = slice[j] !== slice[last] || (mo.dt[j - 1] as number) === 0
      if (!broken && mo.moving[j] && !candidate[j]) {
        if (otherSince < 0) otherSince = j
        broken = (mo.ts[j] as number) - (mo.ts[otherSince] as number) > interruptionSeconds
      } else if (!broken && !mo.moving[j]) broken = (mo.ts[j] as number) - (mo.ts[last] as number) > betweenS
      if (broken) {
        out.push([start, last])
        start = -1
      }
    }
    if (candidate[j]) {
      if (start < 0) start = j
      last = j
      otherSince = -1
    }
  }
  if (start >= 0) out.push([start, last])
  return out
}

/** Field work without a field: the track goes back and forth over its own ground. */
const shapeOfWork = (mo: Motion, moving: ReadonlyArray<number>, uTurns: number) => {
  if (uTurns < shapeMinUTurns) return false
  let path = 0
  let minX = Number.POSITIVE_INFINITY
  let minY = Number.POSITIVE_INFINITY
  let maxX = Number.NEGATIVE_INFINITY
  let maxY = Number.NEGATIVE_INFINITY
  for (let p = 0; p < moving.length; p++) {
    const j = moving[p] as number
    const px = mo.x[j] as number
    const py = mo.y[j] as number
    if (px < minX) minX = px
    if (px > maxX) maxX = px
    if (py < minY) minY = py
    if (py > maxY) maxY = py
    if (p > 0) {
      const i = moving[p - 1] as number
      path += lengthOf(px - (mo.x[i] as number), py - (mo.y[i] as number))
    }
  }
  return path >= shapeMinCrossings * lengthOf(maxX - minX, maxY - minY)
}

/**
 * The field each moving fix of a parcel block works. Leaving the field for less than
 * `secondsMaxFieldFusion` and coming back to it (a turn-around on the headland outside the
 * outline) is still that field's work, labelled `turn`; a longer stretch outside is work in an
 * unknown field — at the block's ends only when its own shape is a field's (`workShaped`), else
 * the way in or out: road. Short outside stretches at the block's ends are road too.
 */
const fuseExcursions = (
  mo: Motion,
  moving: ReadonlyArray<number>,
  fieldOf: Int32Array,
  state: Uint8Array,
  fusionS: number,
  workShaped: (stretch: ReadonlyArray<number>) => boolean,
): Map<number, number> => {
  const out = new Map<number, number>()
  let p = 0
  while (p < moving.length) {
    const j = moving[p] as number
    const f = fieldOf[j] as number
    if (f >= 0) {
      out.set(j, f)
      p++
      continue
    }
    let q = p
    while (q + 1 < moving.length && (fieldOf[moving[q + 1] as number] as number) < 0) q++
    const before = p > 0 ? (fieldOf[moving[p - 1] as number] as number) : -2
    const afterIndex = moving[q + 1]
    const after = afterIndex === undefined ? -2 : (fieldOf[afterIndex] as number)
    const from = mo.ts[j] as number
    const to =
      afterIndex === undefined ? (mo.ts[moving[q] as number] as number) : (mo.ts[afterIndex] as number)
    const short = to - from <= fusionS
    // A long stretch outside every known field before the block's first field fix, or after its
    // last, is work in an unknown field only when it has a field's shape; otherwise it is the way
    // there or back (driven at a speed the machine could work at: a tractor whose maximum working
    // speed was given as its top speed drives to the field "at working speed"). Between two
    // stretches in fields, it is work beyond the drawn outline.
    const atAnEnd = before < 0 || after < 0
    const unknownField = short || !atAnEnd || workShaped(moving.slice(p, q + 1)) ? -1 : -2
    for (let r = p; r <= q; r++) {
      const k = moving[r] as number
      if (before < 0 || after < 0) {
        if (short) out.set(k, -2)
        else out.set(k, unknownField)
      } else if (short) {
        out.set(k, before)
        if (state[k] === FIELD_WORK) state[k] = TURN
      } else out.set(k, unknownField)
    }
    p = q + 1
  }
  return out
}
