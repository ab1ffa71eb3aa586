/**
 * The upper median of `values` (NaN when there are none): the value at rank ⌊n/2⌋ once sorted,
 * found by selection (Hoare's, median of three pivots) in a copy, in linear time on average:
 * a machine-day asks for medians of thousands of speeds and accuracies.
 */
export const upperMedian = (values: ReadonlyArray<number> | Float64Array): number => {
  const n = values.length
  if (n === 0) return Number.NaN
  const a = Float64Array.from(values)
  const k = n >> 1
  let lo = 0
  let hi = n - 1
  while (hi > lo) {
    // Median of three as the pivot: sorted or reversed input stays linear.
    const mid = (lo + hi) >> 1
    const x = a[lo] as number
    const y = a[mid] as number
    const z = a[hi] as number
    const pivot = Math.max(Math.min(x, y), Math.min(Math.max(x, y), z))
    let i = lo
    let j = hi
    while (i <= j) {
      while ((a[i] as number) < pivot) i++
      while ((a[j] as number) > pivot) j--
      if (i <= j) {
        const t = a[i] as number
        a[i] = a[j] as number
        a[j] = t
        i++
        j--
      }
    }
    if (k <= j) hi = j
    else if (k >= i) lo = i
    else break
  }
  return a[k] as number
}

/** The length of (dx, dy): `Math.hypot` without its cost (V8 does not inline it), for metres. */
export const lengthOf = (dx: number, dy: number): number => Math.sqrt(dx * dx + dy * dy)
