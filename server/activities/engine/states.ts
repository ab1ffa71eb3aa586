/** The work states as small codes, in `workStates` order (src/schema/workStates.ts). */
export const FIELD_WORK = 0
export const TURN = 1
export const ROAD = 2
export const PAUSE = 3
export const IDLE = 4

/** The angle between two headings, 0–180°. */
export const angleBetween = (a: number, b: number) => {
  const d = Math.abs(((((a - b) % 360) + 540) % 360) - 180)
  return d
}

/** The heading of a displacement, degrees from north clockwise. */
export const headingOf = (dx: number, dy: number) => {
  const h = (Math.atan2(dx, dy) * 180) / Math.PI
  return h < 0 ? h + 360 : h
}
