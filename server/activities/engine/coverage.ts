import { sortByStart, unionLength, unionLengthLabelled } from "./intervals"

/**
 * The worked area of an activity: the area WITHOUT overlap (every square metre the tool passed
 * over, counted once) and the area WITH overlap (the swath sum: what the tool swept, ground worked
 * twice counted twice).
 *
 * A step of field work from one fix to the next, swept by a tool of width 2·r, covers every point
 * within r of the step: a capsule (a rectangle with round ends), so that consecutive steps join with
 * round joins, as a buffer of the track with round caps. The area without overlap is the area of
 * the union of those capsules.
 *
 * How it is measured: parallel lines every `resolutionM` metres, each at the middle of its strip,
 * crossing the work's main direction at 10° (SWEEP_ANGLE_RAD). A capsule is convex, so it meets a
 * line in one interval, computed exactly: its right end is on the capsule's right-hand side (the
 * lower end's arc, the straight edge, the upper end's arc), its left end likewise. On each line
 * the intervals are merged and their covered length multiplied by the strip's height (the
 * midpoint rule). The only error is the discretisation across the lines: a boundary is taken as
 * straight across a strip. That is far smaller than a cell raster's at the same step, where every
 * boundary cell is a coin toss, and nothing is rounded along the lines.
 *
 * The sweep keeps only the capsules that meet the current line (an active list), in the order of
 * their intervals on the line before, so each line needs almost no sorting; lines that no capsule
 * meets are skipped (fields kilometres apart cost nothing between them), and memory is
 * proportional to the number of steps, whatever the extent of the day.
 */

/**
 * The coarsest distance between sweep lines (m) when none is asked for. Across real working days
 * (tools 3–12 m, every field, the frame turned every 7.5°) the worst error at 0.5 m against the
 * same sweep at 2 cm was 0.003 % (0.01 % at 1 m, 0.02 % at 2 m): far inside the 0.1 % the figures
 * are held to, and far below what the receiver's metre of error does to an area, at a few
 * milliseconds for a machine-day. Small or narrow work gets finer lines (`coverageResolutionM`).
 */
export const DEFAULT_COVERAGE_RESOLUTION_M = 0.5
/** Strips per tool half-width at least: a narrow tool's round ends stay drawn (0.25 m for 3 m). */
const STRIPS_PER_HALF_WIDTH = 6
/**
 * Strips across the work's own size (the square root of its swath sum) at least: one short run,
 * where the round ends are much of the area, is measured as finely as a field.
 */
const STRIPS_PER_SIZE = 100

/**
 * The angle the sweep lines make with the work's main direction (its passes). Not 0: a boundary
 * along a line is the midpoint rule's worst case (a whole strip in or out), while a straight
 * boundary across strips is exact. Not 90° either: a step crosses |dy| + 2r of lines, so the lower
 * the angle, the fewer crossings (at 10°, 16 % fewer than at 20° and 40 % fewer than at 45° for 5 s
 * steps of a 6 m tool; a machine-day's engine time 7 % lower than at 20°). Over the same fields as
 * DEFAULT_COVERAGE_RESOLUTION_M, 10°, 15°, 20°, 30° and 45° gave the same worst errors
 * (0.002–0.005 % at 0.5 m).
 */
export const SWEEP_ANGLE_RAD = (10 * Math.PI) / 180

/** Numbers per segment in the `segments` array: x0, y0, x1, y1. */
const STRIDE = 4
/** Lines and segments packed in one float64 sort key, when lines are many: line · 2^28 + index. */
const INDEX_BITS = 2 ** 28
/** Lines beyond this (2^24: 8,000 km at 0.5 m) would not fit the sort key above. */
const MAX_ROWS = 2 ** 24

/** Sum of length × width of the steps: the area worked counting every overlap (m²). */
export const swathSumM2 = (segments: Float64Array, halfWidthM: number): number => {
  if (!(halfWidthM > 0)) return 0
  let length = 0
  for (let i = 0; i + STRIDE <= segments.length; i += STRIDE) {
    const l = Math.sqrt((segments[i + 2] - segments[i]) ** 2 + (segments[i + 3] - segments[i + 1]) ** 2)
    if (Number.isFinite(l)) length += l
  }
  return length * 2 * halfWidthM
}

/**
 * The resolution `coverageAreaM2` uses when none is given: DEFAULT_COVERAGE_RESOLUTION_M, finer for
 * a narrow tool or a small piece of work, where the same error would weigh more (their sweep is
 * short anyway).
 */
export const coverageResolutionM = (segments: Float64Array, halfWidthM: number): number =>
  resolutionForSwathM2(swathSumM2(segments, halfWidthM), halfWidthM)

/** `coverageResolutionM` for work whose swath sum is `swathM2`. */
export const resolutionForSwathM2 = (swathM2: number, halfWidthM: number): number => {
  const size = Math.sqrt(swathM2 + Math.PI * halfWidthM * halfWidthM)
  const fine = Math.min(halfWidthM / STRIPS_PER_HALF_WIDTH, size / STRIPS_PER_SIZE)
  return fine > 0 ? Math.min(DEFAULT_COVERAGE_RESOLUTION_M, fine) : DEFAULT_COVERAGE_RESOLUTION_M
}

const finiteSegment = (s: Float64Array, o: number): boolean =>
  Number.isFinite(s[o]) && Number.isFinite(s[o + 1]) && Number.isFinite(s[o + 2]) && Number.isFinite(s[o + 3])

/**
 * Per capsule (GEO numbers each): its lower end (ax, ay) and upper end (bx, by) (by y, then x), the
 * slope dx/dy of its sides (0 when level) and r·u (ru, rv), u its unit direction from lower to upper
 * (along x when it has no length). Its right-hand straight side runs from (ax + rv, ay − ru) to
 * (bx + rv, by − ru), its left-hand side from (ax − rv, ay + ru) to (bx − rv, by + ru).
 */
const GEO = 7

/** Where the line at `y` meets capsule `c`: [starts[a], ends[a]]. */
const sliceAt = (
  geo: Float64Array,
  c: number,
  y: number,
  r2: number,
  starts: Float64Array,
  ends: Float64Array,
  a: number,
) => {
  const g = c * GEO
  const ax = geo[g]
  const ay = geo[g + 1]
  const bx = geo[g + 2]
  const by = geo[g + 3]
  const k = geo[g + 4]
  const ru = geo[g + 5]
  const rv = geo[g + 6]
  // Right end: the lower end's arc, then the straight side, then the upper end's arc.
  if (y < ay - ru) {
    const d = y - ay
    ends[a] = ax + Math.sqrt(Math.max(0, r2 - d * d))
  } else if (y > by - ru) {
    const d = y - by
    ends[a] = bx + Math.sqrt(Math.max(0, r2 - d * d))
  } else ends[a] = bx + rv + (y - by + ru) * k
  // Left end, the same on the other side.
  if (y < ay + ru) {
    const d = y - ay
    starts[a] = ax - Math.sqrt(Math.max(0, r2 - d * d))
  } else if (y > by + ru) {
    const d = y - by
    starts[a] = bx - Math.sqrt(Math.max(0, r2 - d * d))
  } else starts[a] = ax - rv + (y - ay - ru) * k
}

/**
 * The usable capsules ordered by first line (then by index): a counting sort over the lines, or,
 * when the lines far outnumber the capsules (work kilometres apart at a fine resolution), a sort of
 * packed keys (line · 2^28 + index) that does not allocate per line.
 */
const byFirstRow = (firstRow: Int32Array, usable: Uint8Array, kept: number, rows: number): Int32Array => {
  const order = new Int32Array(kept)
  const count = firstRow.length
  if (rows <= 4 * count + 65_536) {
    const starts = new Int32Array(rows + 1)
    for (let s = 0; s < count; s++) if (usable[s] === 1) starts[firstRow[s] + 1]++
    for (let k = 0; k < rows; k++) starts[k + 1] += starts[k]
    for (let s = 0; s < count; s++) if (usable[s] === 1) order[starts[firstRow[s]]++] = s
    return order
  }
  const keys = new Float64Array(kept)
  let n = 0
  for (let s = 0; s < count; s++) if (usable[s] === 1) keys[n++] = firstRow[s] * INDEX_BITS + s
  keys.sort()
  for (let i = 0; i < kept; i++) order[i] = keys[i] % INDEX_BITS
  return order
}

/**
 * Area (m²) of the union of the swaths of `segments` (x0, y0, x1, y1 per step, in metres in a local
 * planar frame), each swath being every point within `halfWidthM` of its step. A step of length 0
 * sweeps a disc; steps with a non-finite coordinate are left out.
 */
export const coverageAreaM2 = (
  segments: Float64Array,
  halfWidthM: number,
  resolutionM: number = coverageResolutionM(segments, halfWidthM),
): number => sweep(segments, halfWidthM, resolutionM, null)

/**
 * The union's area (m²) as `coverageAreaM2` gives it, and in the same sweep each label's own union
 * (`byLabel[k]`: the steps labelled k, alone): an activity's area and each of its fields' at the
 * cost of one. `labels` holds each step's label, 0 to `labelCount` − 1.
 */
export const coverageAreasM2 = (
  segments: Float64Array,
  labels: Int32Array,
  labelCount: number,
  halfWidthM: number,
  resolutionM: number,
): { readonly total: number; readonly byLabel: Float64Array } => {
  const byLabel = new Float64Array(labelCount)
  // All of one label (one field, nothing elsewhere): its union is the total, at a plain sweep's cost.
  const only = labels.length > 0 && labels.every((l) => l === labels[0]) ? (labels[0] as number) : -1
  if (only >= 0) {
    const total = sweep(segments, halfWidthM, resolutionM, null)
    byLabel[only] = total
    return { total, byLabel }
  }
  const total = sweep(segments, halfWidthM, resolutionM, { labels, byLabel })
  return { total, byLabel }
}

const sweep = (
  segments: Float64Array,
  halfWidthM: number,
  resolutionM: number,
  labelled: { readonly labels: Int32Array; readonly byLabel: Float64Array } | null,
): number => {
  if (!(resolutionM > 0) || !Number.isFinite(resolutionM)) {
    throw new RangeError(`coverage resolution must be a positive number of metres, got ${resolutionM}`)
  }
  const r = halfWidthM
  if (!(r > 0) || !Number.isFinite(r)) return 0
  const count = Math.floor(segments.length / STRIDE)
  if (count >= INDEX_BITS) throw new RangeError(`too many segments for one coverage: ${count}`)
  // The work's main direction (length-weighted, on doubled angles so that back and forth agree).
  let cos2 = 0
  let sin2 = 0
  let originX = Number.NaN
  let originY = Number.NaN
  for (let s = 0; s < count; s++) {
    const o = s * STRIDE
    if (!finiteSegment(segments, o)) continue
    if (Number.isNaN(originX)) {
      originX = segments[o]
      originY = segments[o + 1]
    }
    const dx = segments[o + 2] - segments[o]
    const dy = segments[o + 3] - segments[o + 1]
    const l = Math.sqrt(dx * dx + dy * dy)
    if (l === 0) continue
    cos2 += (dx * dx - dy * dy) / l
    sin2 += (2 * dx * dy) / l
  }
  if (Number.isNaN(originX)) return 0
  // Turned so that the passes cross the lines at SWEEP_ANGLE_RAD, and a field's edges across them at its
  // complement. It also makes the result the same whichever way the frame is oriented.
  const turn = SWEEP_ANGLE_RAD - Math.atan2(sin2, cos2) / 2
  const cos = Math.cos(turn)
  const sin = Math.sin(turn)

  // Each capsule's geometry, turned and from the first point (small numbers keep their digits).
  const geo = new Float64Array(count * GEO)
  const usable = new Uint8Array(count)
  let yMin = Number.POSITIVE_INFINITY
  let yMax = Number.NEGATIVE_INFINITY
  for (let s = 0; s < count; s++) {
    const o = s * STRIDE
    if (!finiteSegment(segments, o)) continue
    usable[s] = 1
    const x0 = segments[o] - originX
    const y0 = segments[o + 1] - originY
    const x1 = segments[o + 2] - originX
    const y1 = segments[o + 3] - originY
    let ax = cos * x0 - sin * y0
    let ay = sin * x0 + cos * y0
    let bx = cos * x1 - sin * y1
    let by = sin * x1 + cos * y1
    if (by < ay || (by === ay && bx < ax)) {
      const tx = ax
      ax = bx
      bx = tx
      const ty = ay
      ay = by
      by = ty
    }
    const l = Math.sqrt((bx - ax) ** 2 + (by - ay) ** 2)
    const g = s * GEO
    geo[g] = ax
    geo[g + 1] = ay
    geo[g + 2] = bx
    geo[g + 3] = by
    geo[g + 4] = by > ay ? (bx - ax) / (by - ay) : 0
    geo[g + 5] = l > 0 ? (r * (bx - ax)) / l : r
    geo[g + 6] = l > 0 ? (r * (by - ay)) / l : 0
    yMin = Math.min(yMin, ay)
    yMax = Math.max(yMax, by)
  }
  const h = resolutionM
  // Lines at (k + ½)·h from the middle of the work's extent: the same lines whatever the order of
  // the steps, where the frame is, and which of the two ways the passes were turned (a half turn
  // maps them onto each other), so none of these changes the area.
  const middle = (yMin + yMax) / 2
  yMin = middle - Math.ceil((middle - yMin + r) / h) * h
  yMax += r
  if ((yMax - yMin) / h > MAX_ROWS) {
    throw new RangeError(`coverage spans ${yMax - yMin} m: too far for a ${h} m resolution`)
  }
  const r2 = r * r

  // The lines each capsule meets, [firstRow, lastRow]; `order` lists the capsules by first line.
  const firstRow = new Int32Array(count)
  const lastRow = new Int32Array(count)
  let kept = 0
  for (let s = 0; s < count; s++) {
    if (usable[s] === 0) continue
    const g = s * GEO
    // Lines are at yMin + (k + ½)·h: the capsule meets those with k in [first, last].
    const first = Math.max(0, Math.ceil((geo[g + 1] - r - yMin) / h - 0.5))
    const last = Math.floor((geo[g + 3] + r - yMin) / h - 0.5)
    if (last < first) {
      usable[s] = 0 // thinner than a strip and between two lines: the midpoint rule skips it
      continue
    }
    firstRow[s] = first
    lastRow[s] = last
    kept++
  }
  if (kept === 0) return 0
  const order = byFirstRow(firstRow, usable, kept, Math.ceil((yMax - yMin) / h) + 1)

  // The active capsules and their intervals on the current line, sorted by start; the capsules
  // first met on it are sorted apart (`fresh…`), then merged in from the end.
  const active = new Int32Array(kept)
  const starts = new Float64Array(kept)
  const ends = new Float64Array(kept)
  const freshIds = new Int32Array(kept)
  const freshStarts = new Float64Array(kept)
  const freshEnds = new Float64Array(kept)
  const labelCount = labelled?.byLabel.length ?? 0
  const scratch =
    labelled === null
      ? null
      : {
          ...labelled,
          runFrom: new Float64Array(labelCount),
          runTo: new Float64Array(labelCount).fill(Number.NaN),
          touched: new Int32Array(labelCount),
        }
  let activeCount = 0
  let next = 0
  let covered = 0
  let row = 0
  while (next < kept || activeCount > 0) {
    let y = yMin + (row + 0.5) * h
    // Capsules whose last line has passed leave the active list; the others keep their order.
    let staying = 0
    for (let a = 0; a < activeCount; a++) {
      const c = active[a]
      if (lastRow[c] < row) continue
      active[staying] = c
      sliceAt(geo, c, y, r2, starts, ends, staying)
      staying++
    }
    activeCount = staying
    if (activeCount === 0) {
      if (next === kept) break
      // Nothing on this line: on to the next line a capsule meets.
      row = Math.max(row, firstRow[order[next]])
      y = yMin + (row + 0.5) * h
    }
    sortByStart(starts, ends, active, 0, activeCount)
    let fresh = 0
    while (next < kept && firstRow[order[next]] === row) {
      const c = order[next++]
      freshIds[fresh] = c
      sliceAt(geo, c, y, r2, freshStarts, freshEnds, fresh)
      fresh++
    }
    if (fresh > 0) {
      sortByStart(freshStarts, freshEnds, freshIds, 0, fresh)
      // From the end: old intervals that start after a fresh one move up, the rest stay put.
      let i = activeCount - 1
      let j = fresh - 1
      for (let w = activeCount + fresh - 1; j >= 0; w--) {
        if (i >= 0 && starts[i] > freshStarts[j]) {
          starts[w] = starts[i]
          ends[w] = ends[i]
          active[w] = active[i]
          i--
        } else {
          starts[w] = freshStarts[j]
          ends[w] = freshEnds[j]
          active[w] = freshIds[j]
          j--
        }
      }
      activeCount += fresh
    }
    if (activeCount > 0)
      covered +=
        scratch === null
          ? unionLength(starts, ends, activeCount)
          : unionLengthLabelled(
              starts,
              ends,
              active,
              activeCount,
              scratch.labels,
              scratch.byLabel,
              scratch.runFrom,
              scratch.runTo,
              scratch.touched,
            )
    row++
  }
  if (scratch !== null) for (let k = 0; k < scratch.byLabel.length; k++) scratch.byLabel[k] *= h
  return covered * h
}
