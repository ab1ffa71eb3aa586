import type { MachineSettings } from "../../../src/schema/machine"
import type { Trace } from "./clean"
import { lengthOf } from "./numbers"
import { headingOf } from "./states"

type VibrationLevel = MachineSettings["minVibration"]

/**
 * Whether the machine moves, how fast, where it heads, and whether its engine runs — per kept
 * fix, in compact arrays indexed like `trace.kept`.
 */

/** Moving above this speed (km/h), stopped again below the lower one: a hysteresis, so that GPS
 * noise around a standing machine (a few decimetres a minute) never makes it start and stop. */
export const movingAboveKmh = 1.5
export const stoppedBelowKmh = 0.8
/** Speed from displacement only across neighbours this close in time (s): further apart the
 * machine may have stopped and left in between. */
const displacementSpanS = 120

export const vibrationIndex: Record<VibrationLevel, number> = { none: 0, low: 1, medium: 2, high: 3 }

export interface Motion {
  readonly m: number
  /** Seconds since the first kept fix (exact to the millisecond). */
  readonly ts: Float64Array
  readonly x: Float64Array
  readonly y: Float64Array
  /** km/h */
  readonly speed: Float64Array
  /** Degrees from north; the receiver's, else the direction of travel. */
  readonly heading: Float64Array
  readonly moving: Uint8Array
  /** 1 the engine runs, 0 it does not, 255 nothing says. */
  readonly engine: Uint8Array
  /** Vibration index or −1. */
  readonly vib: Int8Array
  /** The receiver's stated accuracy (m), NaN when it gave none. */
  readonly acc: Float64Array
  /** Seconds each fix stands for: until the next fix, none across a gap (see `gapSeconds`). */
  readonly dt: Float64Array
}

export const motionOf = (
  trace: Trace,
  minVibration: VibrationLevel,
  canPresent: boolean,
  gapSeconds: number,
): Motion => {
  const k = trace.kept
  const m = k.length
  const ts = new Float64Array(m)
  const x = new Float64Array(m)
  const y = new Float64Array(m)
  const speed = new Float64Array(m)
  const heading = new Float64Array(m)
  const moving = new Uint8Array(m)
  const engine = new Uint8Array(m)
  const vib = new Int8Array(m)
  const acc = new Float64Array(m)
  const dt = new Float64Array(m)
  const t0 = m > 0 ? (trace.t[k[0] as number] as number) : 0
  for (let j = 0; j < m; j++) {
    const i = k[j] as number
    ts[j] = ((trace.t[i] as number) - t0) / 1000
    x[j] = trace.x[i] as number
    y[j] = trace.y[i] as number
    vib[j] = trace.vib[i] as number
    acc[j] = trace.fixes[trace.source[i] as number]?.acc ?? Number.NaN
  }
  for (let j = 0; j + 1 < m; j++) {
    const step = (ts[j + 1] as number) - (ts[j] as number)
    dt[j] = step < gapSeconds ? step : 0
  }
  const minVib = vibrationIndex[minVibration]
  let isMoving = false
  for (let j = 0; j < m; j++) {
    const i = k[j] as number
    const a = j > 0 && (ts[j] as number) - (ts[j - 1] as number) <= displacementSpanS ? j - 1 : j
    const b = j + 1 < m && (ts[j + 1] as number) - (ts[j] as number) <= displacementSpanS ? j + 1 : j
    const dx = (x[b] as number) - (x[a] as number)
    const dy = (y[b] as number) - (y[a] as number)
    const dt = (ts[b] as number) - (ts[a] as number)
    const reported = trace.spd[i] as number
    const v = Number.isNaN(reported) ? (dt > 0 ? (lengthOf(dx, dy) / dt) * 3.6 : 0) : reported
    speed[j] = v
    const h = trace.hdg[i] as number
    heading[j] = Number.isNaN(h) || v < movingAboveKmh ? headingOf(dx, dy) : h
    isMoving = isMoving ? v >= stoppedBelowKmh : v >= movingAboveKmh
    moving[j] = isMoving ? 1 : 0
    const vj = vib[j] as number
    const rpm = trace.rpm[i] as number
    // Vibration at or above the machine's minimum, or the engine's speed on the CAN bus, say it
    // runs (either is enough). A machine with CAN whose bus is silent has its engine off (the bus
    // sleeps with it). With the minimum at "none" vibration says nothing.
    const vibSays = vj >= 0 && minVib > 0 ? (vj >= minVib ? 1 : 0) : 255
    const canSays = !Number.isNaN(rpm)
      ? rpm > 0
        ? 1
        : 0
      : canPresent && trace.fixes[trace.source[i] as number]?.can == null
        ? 0
        : 255
    engine[j] = vibSays === 1 || canSays === 1 ? 1 : vibSays === 0 || canSays === 0 ? 0 : 255
  }
  return { m, ts, x, y, speed, heading, moving, engine, vib, acc, dt }
}
