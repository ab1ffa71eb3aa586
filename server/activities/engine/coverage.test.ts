import { describe, expect, it } from "vitest"
import {
  coverageAreaM2,
  coverageAreasM2,
  coverageResolutionM,
  DEFAULT_COVERAGE_RESOLUTION_M,
  SWEEP_ANGLE_RAD,
  swathSumM2,
} from "./coverage"
import { exactUnionAreaM2 } from "./coverageReference"

/** Area of one swath: a rectangle 2r × L and two half discs. */
const capsule = (r: number, length: number) => Math.PI * r * r + 2 * r * length
/** Area common to two discs of radius r whose centres are d apart (d < 2r). */
const lens = (r: number, d: number) =>
  2 * r * r * Math.acos(d / (2 * r)) - (d / 2) * Math.sqrt(4 * r * r - d * d)

const relative = (value: number, expected: number) => Math.abs(value - expected) / expected

/** The steps of a polyline (metres), as the engine hands them over: x0, y0, x1, y1 each. */
const stepsOf = (points: ReadonlyArray<readonly [number, number]>): Float64Array => {
  const out = new Float64Array((points.length - 1) * 4)
  for (let i = 1; i < points.length; i++) out.set([...points[i - 1], ...points[i]], (i - 1) * 4)
  return out
}
const concat = (...parts: ReadonlyArray<Float64Array>) => {
  const out = new Float64Array(parts.reduce((n, p) => n + p.length, 0))
  let at = 0
  for (const p of parts) {
    out.set(p, at)
    at += p.length
  }
  return out
}
/** A straight pass from (x0, y0) to (x1, y1) cut into steps of about `step` metres. */
const pass = (x0: number, y0: number, x1: number, y1: number, step = 10): Array<[number, number]> => {
  const n = Math.max(1, Math.round(Math.hypot(x1 - x0, y1 - y0) / step))
  return Array.from({ length: n + 1 }, (_, i) => [x0 + ((x1 - x0) * i) / n, y0 + ((y1 - y0) * i) / n])
}
/** Rotates by `angle` around the origin and moves by (dx, dy): a field anywhere, in any direction. */
const placed = (segments: Float64Array, angle: number, dx: number, dy: number) => {
  const c = Math.cos(angle)
  const s = Math.sin(angle)
  return segments.map((v, i) =>
    i % 2 === 0 ? c * v - s * segments[i + 1] + dx : s * segments[i - 1] + c * v + dy,
  )
}
/** A small deterministic generator (no clock, no global state): the same wobble every run. */
const wobble = (seed: number) => {
  let state = seed >>> 0
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0
    return state / 2 ** 32 - 0.5
  }
}

/**
 * Back-and-forth passes 160 m long, 5.8 m apart for a 6 m tool, with a receiver's wobble, steps of
 * 5 s at 10 km/h, joined by headland loops outside the passes.
 */
const realLookingField = (): Float64Array => {
  const spacing = 5.8
  const next = wobble(20261127)
  const track: Array<[number, number]> = []
  for (let line = 0; line < 10; line++) {
    const y = line * spacing
    const east = line % 2 === 0
    for (const [x, yy] of pass(east ? 0 : 160, y, east ? 160 : 0, y, 14)) {
      track.push([x + next() * 0.6, yy + next() * 0.6])
    }
    for (let k = 1; k < 6; k++) {
      const a = (Math.PI * k) / 6
      const side = east ? 1 : -1
      track.push([
        (east ? 160 : 0) + side * spacing * Math.sin(a),
        y + spacing / 2 - (spacing / 2) * Math.cos(a),
      ])
    }
  }
  return stepsOf(track)
}

/** Fine enough that the discretisation is negligible: the shapes' own areas are checked. */
const fine = 0.01

describe("coverageAreaM2 (area without overlap)", () => {
  it("measures one swath as a rectangle with round ends, in any direction", () => {
    for (const angle of [0, Math.PI / 6, Math.PI / 2, 2.5]) {
      const segments = placed(new Float64Array([0, 0, 24, 0]), angle, 317.2, -45.9)
      expect(relative(coverageAreaM2(segments, 3, fine), capsule(3, 24))).toBeLessThan(1e-4)
      expect(relative(coverageAreaM2(segments, 3), capsule(3, 24))).toBeLessThan(1e-3)
    }
  })

  it("measures a step of no length as the disc under the tool", () => {
    expect(relative(coverageAreaM2(new Float64Array([5, 5, 5, 5]), 2, fine), Math.PI * 4)).toBeLessThan(1e-4)
  })

  it("adds swaths that do not touch, and counts the same swath once", () => {
    const one = new Float64Array([0, 0, 30, 0])
    const far = new Float64Array([0, 50, 30, 80])
    expect(
      relative(coverageAreaM2(concat(one, far), 3, fine), capsule(3, 30) + capsule(3, Math.hypot(30, 30))),
    ).toBeLessThan(1e-4)
    expect(relative(coverageAreaM2(concat(one, one, one), 3, fine), capsule(3, 30))).toBeLessThan(1e-4)
  })

  it("counts the strip two overlapping passes share once", () => {
    // Passes 4.5 m apart with a 6 m tool: 1.5 m worked twice, and the lens at the ends.
    const r = 3
    const d = 4.5
    const segments = stepsOf([
      [0, 0],
      [100, 0],
    ])
    const both = concat(segments, placed(segments, 0, 0, d))
    const expected = 2 * capsule(r, 100) - (2 * r - d) * 100 - lens(r, d)
    expect(relative(coverageAreaM2(both, r, fine), expected)).toBeLessThan(1e-4)
    expect(swathSumM2(both, r)).toBeCloseTo(2 * 2 * r * 100, 6)
  })

  it("joins the steps of a U-turn round, without counting the corner twice", () => {
    // Out along y = 0, across 3r, back along y = 3r: a notch of r × r is worked inside the turn.
    const r = 2
    const length = 40
    const segments = stepsOf([
      [0, 0],
      [length, 0],
      [length, 3 * r],
      [0, 3 * r],
    ])
    const expected = 4 * r * length + 4 * r * r + 1.5 * Math.PI * r * r
    expect(relative(coverageAreaM2(segments, r, fine), expected)).toBeLessThan(1e-4)
  })

  it("measures a rotated field of overlapping passes cut into steps as its analytic area", () => {
    // n passes of length L, d apart (r ≤ d < 2r: only neighbours overlap), each cut into 10 m steps.
    const r = 3
    const d = 5.7
    const n = 12
    const length = 180
    const passes = Array.from({ length: n }, (_, i) =>
      i % 2 === 0 ? pass(0, i * d, length, i * d) : pass(length, i * d, 0, i * d),
    )
    const segments = placed(concat(...passes.map(stepsOf)), 0.47, 5210.3, -1780.6)
    const expected = length * ((n - 1) * d + 2 * r) + n * Math.PI * r * r - (n - 1) * lens(r, d)
    expect(relative(coverageAreaM2(segments, r), expected)).toBeLessThan(2e-4)
    expect(relative(coverageAreaM2(segments, r, fine), expected)).toBeLessThan(1e-5)
    expect(relative(swathSumM2(segments, r), n * length * 2 * r)).toBeLessThan(1e-9)
  })

  it("agrees within 0.1 % with an exact polygon union on a real-looking field, however the frame is turned", () => {
    const r = 3
    const segments = placed(realLookingField(), -0.9, 812.4, 2093.7)
    const exact = exactUnionAreaM2(segments, r)
    const measured = coverageAreaM2(segments, r)
    expect(relative(measured, exact)).toBeLessThan(1e-3)
    // And it is a union: well under the swath sum of a pattern that overlaps at every turn.
    expect(measured).toBeLessThan(swathSumM2(segments, r))
    for (const angle of [0.3, 1.2, 2.9]) {
      expect(relative(coverageAreaM2(placed(segments, angle, -40, 75), r), measured)).toBeLessThan(1e-9)
    }
  })

  it("measures a tangle of crossing steps (a machine turning about one spot) in any order", () => {
    const next = wobble(7)
    const segments = new Float64Array(40 * 4).map(() => next() * 30)
    const measured = coverageAreaM2(segments, 1.5)
    expect(relative(measured, exactUnionAreaM2(segments, 1.5))).toBeLessThan(1e-3)
    const reversed = new Float64Array(segments.length)
    for (let o = 0; o < segments.length; o += 4)
      reversed.set(segments.subarray(o, o + 4), segments.length - 4 - o)
    expect(relative(coverageAreaM2(reversed, 1.5), measured)).toBeLessThan(1e-9)
  })

  it("measures stops along a track, given in random order, as discs less the lenses they share", () => {
    // Discs on one line: each overlaps only its neighbours, so the union is n discs less n − 1 lenses.
    // Discs have no direction: the sweep turns them by its own angle, so along this line they are
    // all first met on the same sweep line, in random order (the sort's worst case).
    const next = wobble(99)
    const along = Array.from({ length: 300 }, () => (next() + 0.5) * 200)
    const r = 1
    const [c, s] = [Math.cos(-SWEEP_ANGLE_RAD), Math.sin(-SWEEP_ANGLE_RAD)]
    const segments = new Float64Array(along.flatMap((d) => [d * c, d * s, d * c, d * s]))
    const sorted = [...along].sort((a, b) => a - b)
    const expected = sorted.reduce(
      (sum, d, i) => (i === 0 || d - sorted[i - 1] >= 2 * r ? sum : sum - lens(r, d - sorted[i - 1])),
      sorted.length * Math.PI * r * r,
    )
    // Every disc's top on the same strip: their errors add up rather than cancel, hence 0.1 %.
    expect(relative(coverageAreaM2(segments, r, fine), expected)).toBeLessThan(1e-3)
  })

  it("measures a star of passes crossing at one point, where every interval changes places at once", () => {
    const spokes = 40
    const segments = new Float64Array(spokes * 4)
    for (let i = 0; i < spokes; i++) {
      const angle = (Math.PI * i) / spokes + 0.01
      segments.set(
        [-50 * Math.cos(angle), -50 * Math.sin(angle), 50 * Math.cos(angle), 50 * Math.sin(angle)],
        i * 4,
      )
    }
    expect(relative(coverageAreaM2(segments, 0.5), exactUnionAreaM2(segments, 0.5))).toBeLessThan(1e-3)
  })

  it("says nothing was worked when there is no step or no width, and skips broken steps", () => {
    expect(coverageAreaM2(new Float64Array(0), 3)).toBe(0)
    expect(coverageAreaM2(new Float64Array([0, 0, 10, 0]), 0)).toBe(0)
    const withBroken = new Float64Array([0, 0, 10, 0, Number.NaN, 1, 2, 3])
    expect(relative(coverageAreaM2(withBroken, 1, fine), capsule(1, 10))).toBeLessThan(1e-4)
    expect(swathSumM2(withBroken, 1)).toBeCloseTo(20, 9)
  })

  it("refuses a resolution that is not a positive number of metres", () => {
    const segments = new Float64Array([0, 0, 10, 0])
    expect(() => coverageAreaM2(segments, 3, 0)).toThrow(RangeError)
    expect(() => coverageAreaM2(segments, 3, Number.NaN)).toThrow(RangeError)
  })

  it("draws finer lines for a narrow tool or a short run, where the round ends weigh more", () => {
    const field = realLookingField()
    expect(coverageResolutionM(field, 3)).toBe(DEFAULT_COVERAGE_RESOLUTION_M)
    expect(coverageResolutionM(field, 0.75)).toBeCloseTo(0.125, 9)
    const shortRun = new Float64Array([0, 0, 24, 0])
    expect(coverageResolutionM(shortRun, 3)).toBeLessThan(0.2)
    expect(relative(coverageAreaM2(shortRun, 3), capsule(3, 24))).toBeLessThan(1e-3)
    expect(coverageAreaM2(field, 3)).toBe(coverageAreaM2(field, 3, DEFAULT_COVERAGE_RESOLUTION_M))
  })
})

describe("coverageAreasM2 (an activity's area and each field's in one sweep)", () => {
  it("gives the union of all the steps, and each label's union as if measured alone", () => {
    // Two fields' passes side by side, overlapping where they meet, and a third piece apart.
    const field = realLookingField()
    const neighbour = placed(field, 0, 0, 55)
    const apart = placed(field, 0.7, 400, -300)
    const all = concat(field, neighbour, apart)
    const labels = new Int32Array(all.length / 4)
    labels.fill(1, field.length / 4, (field.length + neighbour.length) / 4)
    labels.fill(2, (field.length + neighbour.length) / 4)
    const { total, byLabel } = coverageAreasM2(all, labels, 3, 3, 0.1)
    expect(total).toBe(coverageAreaM2(all, 3, 0.1))
    const alone = [field, neighbour, apart].map((part) => coverageAreaM2(part, 3, 0.02))
    for (const [k, area] of byLabel.entries()) expect(relative(area, alone[k] as number)).toBeLessThan(1e-3)
    // The overlap where the two fields meet is counted in each field, once in the total.
    expect((byLabel[0] ?? 0) + (byLabel[1] ?? 0) + (byLabel[2] ?? 0)).toBeGreaterThan(total + 100)
  })

  it("leaves a label with no step at nothing", () => {
    const { total, byLabel } = coverageAreasM2(
      new Float64Array([0, 0, 30, 0]),
      new Int32Array([1]),
      3,
      3,
      0.1,
    )
    expect(byLabel[0]).toBe(0)
    expect(byLabel[2]).toBe(0)
    expect(byLabel[1]).toBe(total)
  })
})
