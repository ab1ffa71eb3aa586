import { describe, expect, it } from "vitest"
import { upperMedian } from "./numbers"

describe("upperMedian", () => {
  it("is the value at rank ⌊n/2⌋ of the sorted values, repeats and order whatever", () => {
    let seed = 7
    const next = () => {
      seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0
      return seed / 2 ** 32
    }
    for (let t = 0; t < 2000; t++) {
      const n = 1 + Math.floor(next() * 80)
      const values = Array.from({ length: n }, () => (next() < 0.3 ? Math.floor(next() * 4) : next() * 100))
      const sorted = [...values].sort((a, b) => a - b)
      expect(upperMedian(values)).toBe(sorted[n >> 1])
    }
    expect(upperMedian(Array.from({ length: 10_001 }, (_, i) => 10_000 - i))).toBe(5000)
  })

  it("is NaN for no values, and leaves the values as they were", () => {
    expect(upperMedian([])).toBeNaN()
    const values = [3, 1, 2]
    expect(upperMedian(values)).toBe(2)
    expect(values).toEqual([3, 1, 2])
  })
})
