import type { Motion } from "./motion"

/** A stretch of field work in one field (or in no known one): the seed of an activity. */
export interface Run {
  /** First and last fix (kept index), both moving fixes of the run. */
  readonly first: number
  readonly last: number
  /** The field (index) most of it is in, or −1 for an unknown one. */
  readonly field: number
}

interface Piece {
  from: number
  to: number
  field: number
  seconds: number
}

/**
 * A work block cut into runs, one per field worked in turn: the machine may go from one field
 * straight into the next (strips side by side). A stint in a field shorter than the field work
 * minimum is not a run of its own but part of the longer one beside it — a pass that crosses a
 * corner of the neighbour's field, two fields worked in one pass. Then within each run a field is
 * named only when at least `minPercent` % of the run's moving fixes lie in it; the rest is work in
 * an unknown field. `ctx` holds each fix's field on entry (−2: not work), and the named one on exit.
 */
export const splitRuns = (
  mo: Motion,
  moving: ReadonlyArray<number>,
  ctx: Int32Array,
  slice: Int32Array,
  minRunS: number,
  minPercent: number,
): Array<Run> => {
  const items = moving.filter((j) => (ctx[j] as number) !== -2)
  const pieces: Array<Piece> = []
  const secondsOf = (from: number, to: number) =>
    (mo.ts[items[to] as number] as number) -
    (mo.ts[items[from] as number] as number) +
    (mo.dt[items[to] as number] as number)
  items.forEach((j, p) => {
    const last = pieces.at(-1)
    const f = ctx[j] as number
    if (last && last.field === f && slice[items[last.to] as number] === slice[j]) last.to = p
    else pieces.push({ from: p, to: p, field: f, seconds: 0 })
  })
  for (const piece of pieces) piece.seconds = secondsOf(piece.from, piece.to)
  // The shortest stint first, into the longer of its neighbours in the same period.
  for (;;) {
    let shortest = -1
    for (let k = 0; k < pieces.length; k++) {
      const piece = pieces[k] as Piece
      if (piece.seconds < minRunS && (shortest < 0 || piece.seconds < (pieces[shortest] as Piece).seconds))
        shortest = k
    }
    if (shortest < 0) break
    const piece = pieces[shortest] as Piece
    const sameSlice = (k: number) => {
      const other = pieces[k]
      return other !== undefined && slice[items[other.from] as number] === slice[items[piece.from] as number]
    }
    const left = sameSlice(shortest - 1) ? shortest - 1 : -1
    const right = sameSlice(shortest + 1) ? shortest + 1 : -1
    if (left < 0 && right < 0) {
      // Alone in its period: it stays, and the field work minimum will drop it.
      piece.seconds = Number.POSITIVE_INFINITY
      continue
    }
    const into =
      left < 0
        ? right
        : right < 0
          ? left
          : (pieces[left] as Piece).seconds >= (pieces[right] as Piece).seconds
            ? left
            : right
    const target = pieces[into] as Piece
    target.from = Math.min(target.from, piece.from)
    target.to = Math.max(target.to, piece.to)
    pieces.splice(shortest, 1)
    // Neighbours of the same field now side by side become one.
    for (let k = pieces.length - 1; k > 0; k--) {
      const a = pieces[k - 1] as Piece
      const b = pieces[k] as Piece
      if (a.field === b.field && slice[items[a.to] as number] === slice[items[b.from] as number]) {
        a.to = b.to
        pieces.splice(k, 1)
      }
    }
    for (const p of pieces) p.seconds = secondsOf(p.from, p.to)
  }
  return pieces.map((piece) => {
    const counts = new Map<number, number>()
    for (let p = piece.from; p <= piece.to; p++) {
      const f = ctx[items[p] as number] as number
      counts.set(f, (counts.get(f) ?? 0) + 1)
    }
    const total = piece.to - piece.from + 1
    const named = (f: number) => f >= 0 && ((counts.get(f) ?? 0) * 100) / total >= minPercent
    for (let p = piece.from; p <= piece.to; p++) {
      const j = items[p] as number
      if (!named(ctx[j] as number)) ctx[j] = -1
    }
    return {
      first: items[piece.from] as number,
      last: items[piece.to] as number,
      field: named(piece.field) ? piece.field : -1,
    }
  })
}
