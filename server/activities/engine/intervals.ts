/**
 * Intervals on one sweep line (coverage.ts): sorting them by start when they come nearly sorted,
 * and the length they cover, in all and per label.
 */

/**
 * Sorts the intervals [from, to) of a line by start (ends and capsule ids move with them), in
 * place. They come in the order of the line before, where they were sorted, so they are nearly
 * sorted (only starts that crossed are out of place): an insertion sort is linear then. Should a
 * line come scrambled (a tangle of steps in one spot), past a few moves per interval it hands over
 * to a heapsort: never quadratic.
 */
export const sortByStart = (
  starts: Float64Array,
  ends: Float64Array,
  ids: Int32Array,
  from: number,
  to: number,
) => {
  let budget = 8 * (to - from)
  for (let a = from + 1; a < to; a++) {
    const start = starts[a]
    if (starts[a - 1] <= start) continue
    const end = ends[a]
    const id = ids[a]
    let b = a - 1
    while (b >= from && starts[b] > start) {
      starts[b + 1] = starts[b]
      ends[b + 1] = ends[b]
      ids[b + 1] = ids[b]
      b--
    }
    starts[b + 1] = start
    ends[b + 1] = end
    ids[b + 1] = id
    budget -= a - b
    if (budget < 0) {
      heapSortByStart(starts, ends, ids, from, to)
      return
    }
  }
}

const swap = (starts: Float64Array, ends: Float64Array, ids: Int32Array, i: number, j: number) => {
  const s = starts[i]
  starts[i] = starts[j]
  starts[j] = s
  const e = ends[i]
  ends[i] = ends[j]
  ends[j] = e
  const d = ids[i]
  ids[i] = ids[j]
  ids[j] = d
}

const heapSortByStart = (
  starts: Float64Array,
  ends: Float64Array,
  ids: Int32Array,
  from: number,
  to: number,
) => {
  const siftDown = (root: number, size: number) => {
    for (let parent = root; ; ) {
      let child = 2 * parent + 1
      if (child >= size) return
      if (child + 1 < size && starts[from + child + 1] > starts[from + child]) child++
      if (starts[from + parent] >= starts[from + child]) return
      swap(starts, ends, ids, from + parent, from + child)
      parent = child
    }
  }
  const n = to - from
  for (let i = (n >> 1) - 1; i >= 0; i--) siftDown(i, n)
  for (let size = n - 1; size > 0; size--) {
    swap(starts, ends, ids, from, from + size)
    siftDown(0, size)
  }
}

/** Covered length of `n` intervals sorted by start: each run of overlapping ones counts once. */
export const unionLength = (starts: Float64Array, ends: Float64Array, n: number): number => {
  let total = 0
  let from = starts[0]
  let to = ends[0]
  for (let a = 1; a < n; a++) {
    if (starts[a] > to) {
      total += to - from
      from = starts[a]
      to = ends[a]
    } else if (ends[a] > to) to = ends[a]
  }
  return total + to - from
}

/**
 * The same, and each label's own covered length added to `byLabel[label]`: `labels` gives each
 * interval's label through its id (`ids`). A label's intervals come sorted by start too, so one
 * pass merges them all; `runFrom`, `runTo` (NaN when the label has none open) and `touched` are
 * scratch arrays of the labels' count, left as they came.
 */
export const unionLengthLabelled = (
  starts: Float64Array,
  ends: Float64Array,
  ids: Int32Array,
  n: number,
  labels: Int32Array,
  byLabel: Float64Array,
  runFrom: Float64Array,
  runTo: Float64Array,
  touched: Int32Array,
): number => {
  let total = 0
  let from = starts[0]
  let to = ends[0]
  let open = 0
  for (let a = 0; a < n; a++) {
    const start = starts[a]
    const end = ends[a]
    if (a > 0) {
      if (start > to) {
        total += to - from
        from = start
        to = end
      } else if (end > to) to = end
    }
    const label = labels[ids[a]]
    const labelTo = runTo[label]
    if (Number.isNaN(labelTo)) {
      runFrom[label] = start
      runTo[label] = end
      touched[open++] = label
    } else if (start > labelTo) {
      byLabel[label] += labelTo - runFrom[label]
      runFrom[label] = start
      runTo[label] = end
    } else if (end > labelTo) runTo[label] = end
  }
  for (let k = 0; k < open; k++) {
    const label = touched[k]
    byLabel[label] += runTo[label] - runFrom[label]
    runTo[label] = Number.NaN
  }
  return total + to - from
}
