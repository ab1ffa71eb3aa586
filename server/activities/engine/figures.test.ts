import { describe, expect, it } from "vitest"
import { coverageAreaM2 } from "./coverage"
import { workedAreasM2 } from "./figures"

/** Area of one swath: a rectangle 2r × L and two half discs. */
const capsule = (r: number, length: number) => Math.PI * r * r + 2 * r * length
const relative = (value: number, expected: number) => Math.abs(value - expected) / expected

/** Back and forth over 400 m × 174 m with a 6 m tool, 5.8 m apart, steps of 12 m: a 7 ha day. */
const largeField = (): Array<number> => {
  const out: Array<number> = []
  for (let line = 0; line < 30; line++) {
    const y = line * 5.8
    for (let x = 0; x < 400; x += 12) {
      const [from, to] = line % 2 === 0 ? [x, x + 12] : [400 - x, 400 - x - 12]
      out.push(from, y, to, y)
    }
    if (line < 29) out.push(line % 2 === 0 ? 412 : -12, y, line % 2 === 0 ? 412 : -12, y + 5.8)
  }
  return out
}

describe("workedAreasM2 (an activity's worked area and each field's)", () => {
  // A 24 m run in the corner of another field, 60 m beyond the large one's edge.
  const corner = [460, 300, 472, 300, 472, 300, 484, 300]
  const steps = new Float64Array([...largeField(), ...corner])
  const labels = new Int32Array(steps.length / 4)
  labels.fill(1, labels.length - 2)

  it("measures a small piece of another field as exactly as a large one, inside a large day", () => {
    const { total, byLabel } = workedAreasM2(steps, labels, 2, 3, 0)
    expect(relative(byLabel[1] as number, capsule(3, 24))).toBeLessThan(1e-3)
    const large = coverageAreaM2(steps.subarray(0, steps.length - corner.length), 3, 0.02)
    expect(relative(byLabel[0] as number, large)).toBeLessThan(1e-3)
    expect(relative(total, large + capsule(3, 24))).toBeLessThan(1e-3)
  })

  it("closes the strips GPS error leaves between passes, in the whole and in each field alike", () => {
    // Passes 5.8 m apart for a 6 m tool: no strip left; the same passes 6.6 m apart, read by a
    // receiver stating 1 m, leave 0.6 m strips that are counted as worked.
    const apart = steps.map((v, i) => (i % 2 === 1 && i < steps.length - corner.length ? (v * 6.6) / 5.8 : v))
    const open = workedAreasM2(apart, labels, 2, 3, 0)
    const closed = workedAreasM2(apart, labels, 2, 3, 1)
    const filled = 29 * 0.6 * 400
    expect(relative(closed.byLabel[0] as number, (open.byLabel[0] as number) + filled)).toBeLessThan(0.01)
    // The corner, closed on its own: a single pass has no strip to close; the extrapolation
    // 2·A(r + g/2) − A(r + g) leaves its round ends short by π·g²/2 (the closing's sweeps are
    // twice as coarse, and the extrapolation triples their error on a piece this small: 1 %).
    expect(relative(closed.byLabel[1] as number, capsule(3, 24) - Math.PI / 2)).toBeLessThan(0.01)
    expect(
      relative(closed.total, (closed.byLabel[0] as number) + (closed.byLabel[1] as number)),
    ).toBeLessThan(1e-3)
  })

  it("counts work in no known field in the whole only", () => {
    // The corner is work in no known field: label 1 of one labelled field.
    const { total, byLabel } = workedAreasM2(steps, labels, 1, 3, 0)
    expect(byLabel).toHaveLength(1)
    const large = coverageAreaM2(steps.subarray(0, steps.length - corner.length), 3, 0.02)
    expect(relative(byLabel[0] as number, large)).toBeLessThan(1e-3)
    expect(relative(total, large + capsule(3, 24))).toBeLessThan(1e-3)
  })
})
