import type { Motion } from "./motion"
import { lengthOf, upperMedian } from "./numbers"
import { angleBetween, headingOf } from "./states"

/**
 * Turns inside work: where the machine leaves the straight line of its pass. A fix is in a turn
 * when the way it goes next bends away from its own heading — the beginning of a headland loop,
 * a drive round a pond — or when it goes at turning speed, which the block itself tells: the
 * median speed of its bending fixes against that of the others.
 */

/** A bend sharper than this between a fix's heading and its way to the next fix (°) is turning:
 * well above the receiver's heading noise (1–2°) and a driver's corrections along a pass. */
export const bendDegrees = 25
/** A U-turn reverses the heading by at least this much (°) between two passes. */
const reversalDegrees = 150
/** A position this much less precise than the tool is wide cannot tell a bend (m, × width). */
const untrustedAccuracyWidths = 1

export interface Turns {
  /** 1 for a turn fix, indexed by kept index − the block's first. */
  readonly turn: Uint8Array
  /** Heading reversals between passes. */
  readonly uTurns: number
}

export const turnsOf = (
  mo: Motion,
  moving: ReadonlyArray<number>,
  candidate: Uint8Array,
  widthM: number,
): Turns => {
  const first = moving[0] ?? 0
  const turn = new Uint8Array(moving.length === 0 ? 0 : (moving.at(-1) as number) - first + 1)
  const untrusted = Math.max(widthM * untrustedAccuracyWidths, 6)
  const bent = new Uint8Array(moving.length)
  for (let p = 0; p + 1 < moving.length; p++) {
    const j = moving[p] as number
    const k = moving[p + 1] as number
    if (k !== j + 1 || (mo.acc[j] as number) > untrusted || (mo.acc[k] as number) > untrusted) continue
    const dx = (mo.x[k] as number) - (mo.x[j] as number)
    const dy = (mo.y[k] as number) - (mo.y[j] as number)
    if (lengthOf(dx, dy) < 1) continue
    if (angleBetween(mo.heading[j] as number, headingOf(dx, dy)) > bendDegrees) bent[p] = 1
  }
  // Turning speed against working speed, both measured on the block: a fix a quarter of the way
  // from the one to the other (at least 0.5 km/h above turning) is still turning. A pass's first fix
  // is faster already (the machine speeds up as it lines up); one decelerating into a turn may not
  // be, and counts as turning a second early.
  const turning: Array<number> = []
  const working: Array<number> = []
  for (let p = 0; p < moving.length; p++) {
    const j = moving[p] as number
    if (!candidate[j]) continue
    ;(bent[p] ? turning : working).push(mo.speed[j] as number)
  }
  const vTurn = upperMedian(turning)
  const vWork = upperMedian(working)
  const slowBelow = vWork - vTurn > 1 ? vTurn + Math.max(0.5, 0.25 * (vWork - vTurn)) : Number.NaN
  let uTurns = 0
  let straightHeading = Number.NaN
  let bendFrom = Number.NaN
  for (let p = 0; p < moving.length; p++) {
    const j = moving[p] as number
    // At turning speed: the end of a headland loop lining up with the next pass, a headland drive
    // between pass ends that do not line up (an oblique edge), a drive round an obstacle.
    // Setting off from a stop is slow too, and not a turn.
    const settingOff = j > 0 && mo.moving[j - 1] === 0
    const isTurn = bent[p] === 1 || ((mo.speed[j] as number) < slowBelow && !settingOff)
    if (isTurn) {
      turn[j - first] = 1
      if (Number.isNaN(bendFrom)) bendFrom = straightHeading
    } else {
      const h = mo.heading[j] as number
      if (!Number.isNaN(bendFrom) && angleBetween(bendFrom, h) >= reversalDegrees) uTurns++
      bendFrom = Number.NaN
      straightHeading = h
    }
  }
  return { turn, uTurns }
}
