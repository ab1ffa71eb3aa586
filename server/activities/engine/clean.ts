import { lengthOf, upperMedian } from "./numbers"
import type { EngineFix, EngineInput, IgnoredReason } from "./types"

/**
 * The first pass over a machine-day's fixes: in time order, one fix per instant, projected on a
 * local plane in metres, and the ones no figure should count marked (they still get a label).
 * Everything later reads these typed arrays, indexed by the sorted position.
 */

/** Why a fix is left out, as a small code (0: kept). */
export const ignoredCodes: ReadonlyArray<IgnoredReason | null> = [
  null,
  "duplicate",
  "inaccurate",
  "jump",
  "outOfPeriod",
]
const DUPLICATE = 1
const INACCURATE = 2
const JUMP = 3
const OUT_OF_PERIOD = 4

/**
 * How far before and after the period a fix may lie: the caller reads the neighbouring days'
 * fixes to see activities across midnight, never more than a day of them. A fix beyond is a
 * clock error (a box that lost its time), and must not stretch an activity over years.
 */
export const maxOverlapMs = 24 * 3600_000

/**
 * A position that would need this speed to be reached from the fix before and to reach the fix
 * after is a GPS jump: no farm machine drives at 100 km/h (tractors are limited to 40–60).
 */
export const jumpSpeedKmh = 100
/** Below this distance a fast implied speed is receiver noise over a short interval, not a jump. */
export const jumpMinDistanceM = 50

const earthRadius = 6_371_008.8
const rad = Math.PI / 180

export interface Trace {
  readonly n: number
  /** The input fix behind each sorted position. */
  readonly source: Uint32Array
  readonly t: Float64Array
  /** Metres east and north of the trace's median position. */
  readonly x: Float64Array
  readonly y: Float64Array
  /** The receiver's speed (km/h) or NaN. */
  readonly spd: Float64Array
  /** The receiver's heading (degrees) or NaN. */
  readonly hdg: Float64Array
  /** Vibration index 0–3, or −1 when the box reports none. */
  readonly vib: Int8Array
  /** CAN engine speed (rpm), NaN when absent. */
  readonly rpm: Float64Array
  /** CAN fuel rate (l/h), NaN when absent. */
  readonly fuelRate: Float64Array
  /** 0 kept, else an index into `ignoredCodes`. */
  readonly ignored: Uint8Array
  /** Positions of the kept fixes, in time order. */
  readonly kept: Uint32Array
  /** The projection: lng/lat → metres, and its origin. */
  readonly toXY: (lng: number, lat: number) => readonly [number, number]
  readonly fixes: ReadonlyArray<EngineFix>
}

const median = (values: Array<number>) => (values.length === 0 ? 0 : upperMedian(values))

export const cleanTrace = (input: EngineInput): Trace => {
  const fixes = input.fixes
  const n = fixes.length
  const order = new Uint32Array(n)
  let inOrder = true
  for (let i = 0; i < n; i++) {
    order[i] = i
    if (i > 0 && (fixes[i] as EngineFix).t < (fixes[i - 1] as EngineFix).t) inOrder = false
  }
  // Boxes send their fixes in time order: sorting is needed only when they came otherwise.
  if (!inOrder) order.sort((a, b) => (fixes[a] as EngineFix).t - (fixes[b] as EngineFix).t || a - b)

  const from = input.period.start - maxOverlapMs
  const to = input.period.end + maxOverlapMs
  // The median of plausible fixes (of at most a thousand spread over the input: the plane's origin
  // needs no more): a jump or a fix from years ago cannot move it.
  const lngs: Array<number> = []
  const lats: Array<number> = []
  const every = Math.max(1, Math.floor(n / 1000))
  for (let i = 0; i < n; i += every) {
    const f = fixes[i] as EngineFix
    if (f.t >= from && f.t < to) {
      lngs.push(f.lng)
      lats.push(f.lat)
    }
  }
  // Rounded to a thousandth of a degree (about 100 m): a duplicate or a late fix more does not
  // move the plane, so the same fixes give the same figures to the last digit.
  const lng0 = Math.round(median(lngs) * 1000) / 1000
  const lat0 = Math.round(median(lats) * 1000) / 1000
  const kx = earthRadius * rad * Math.cos(lat0 * rad)
  const ky = earthRadius * rad
  const toXY = (lng: number, lat: number) => [(lng - lng0) * kx, (lat - lat0) * ky] as const

  const t = new Float64Array(n)
  const x = new Float64Array(n)
  const y = new Float64Array(n)
  const spd = new Float64Array(n)
  const hdg = new Float64Array(n)
  const vib = new Int8Array(n)
  const rpm = new Float64Array(n)
  const fuelRate = new Float64Array(n)
  const ignored = new Uint8Array(n)
  const maxAcc = input.machine.settings.maxGpsAccuracyErrorMeters
  for (let i = 0; i < n; i++) {
    const f = fixes[order[i] as number] as EngineFix
    t[i] = f.t
    x[i] = (f.lng - lng0) * kx
    y[i] = (f.lat - lat0) * ky
    spd[i] = f.spd ?? Number.NaN
    hdg[i] = f.hdg ?? Number.NaN
    vib[i] = f.vib ?? -1
    rpm[i] = f.can?.engineSpeed ?? Number.NaN
    fuelRate[i] = f.can?.fuelRate ?? Number.NaN
    if (f.t < from || f.t >= to) ignored[i] = OUT_OF_PERIOD
    else if (i > 0 && t[i - 1] === f.t) ignored[i] = DUPLICATE
    else if (f.acc !== null && f.acc > maxAcc) ignored[i] = INACCURATE
  }
  markJumps(t, x, y, ignored)
  const kept = new Uint32Array(n)
  let k = 0
  for (let i = 0; i < n; i++) if (ignored[i] === 0) kept[k++] = i
  return {
    n,
    source: order,
    t,
    x,
    y,
    spd,
    hdg,
    vib,
    rpm,
    fuelRate,
    ignored,
    kept: kept.subarray(0, k),
    toXY,
    fixes,
  }
}

const impliedKmh = (t: Float64Array, x: Float64Array, y: Float64Array, a: number, b: number) => {
  const d = lengthOf((x[b] as number) - (x[a] as number), (y[b] as number) - (y[a] as number))
  if (d < jumpMinDistanceM) return 0
  const dt = Math.max(1, ((t[b] as number) - (t[a] as number)) / 1000)
  return (d / dt) * 3.6
}

/** A jump lasts at most this many fixes: the receiver finds its place again within seconds. */
const jumpMaxFixes = 5

/**
 * Fixes far from the one before (beyond `jumpSpeedKmh`) while a fix soon after is back near it
 * are a jump — one fix or a few in a row. The first fix is compared with the two after it.
 */
const markJumps = (t: Float64Array, x: Float64Array, y: Float64Array, ignored: Uint8Array) => {
  const idx: Array<number> = []
  for (let i = 0; i < ignored.length; i++) if (ignored[i] === 0) idx.push(i)
  const m = idx.length
  if (m < 3) return
  const a0 = idx[0] as number
  const a1 = idx[1] as number
  const a2 = idx[2] as number
  let start = 0
  if (impliedKmh(t, x, y, a0, a1) > jumpSpeedKmh && impliedKmh(t, x, y, a1, a2) <= jumpSpeedKmh) {
    ignored[a0] = JUMP
    start = 1
  }
  let prev = idx[start] as number
  for (let k = start + 1; k < m; k++) {
    const i = idx[k] as number
    if (impliedKmh(t, x, y, prev, i) > jumpSpeedKmh) {
      let back = k + 1
      while (
        back < m &&
        back <= k + jumpMaxFixes &&
        impliedKmh(t, x, y, prev, idx[back] as number) > jumpSpeedKmh
      )
        back++
      if (back < m && back <= k + jumpMaxFixes) {
        for (let r = k; r < back; r++) ignored[idx[r] as number] = JUMP
        k = back - 1
        continue
      }
      // Not back soon: the machine is really there (the box was off while it was carried away).
    }
    prev = i
  }
}
