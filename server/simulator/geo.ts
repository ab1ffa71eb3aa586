import type { Polygon, Position } from "geojson"

/** A point in metres east (x) and north (y) of a frame's origin. */
export type XY = readonly [number, number]

const earthRadius = 6_371_008.8

/**
 * A local plane around an origin (equirectangular): metres east and north. Over the few
 * kilometres a machine drives in a day its error is a few metres per 10 km, well under GPS noise.
 */
export interface Frame {
  readonly toXY: (p: Position) => XY
  readonly toLngLat: (p: XY) => [number, number]
}

export const frame = (origin: Position): Frame => {
  const [lng0 = 0, lat0 = 0] = origin
  const rad = Math.PI / 180
  const kx = earthRadius * rad * Math.cos(lat0 * rad)
  const ky = earthRadius * rad
  return {
    toXY: ([lng = 0, lat = 0]) => [(lng - lng0) * kx, (lat - lat0) * ky],
    toLngLat: ([x, y]) => [lng0 + x / kx, lat0 + y / ky],
  }
}

export const sub = (a: XY, b: XY): XY => [a[0] - b[0], a[1] - b[1]]
export const add = (a: XY, b: XY): XY => [a[0] + b[0], a[1] + b[1]]
export const scale = (a: XY, k: number): XY => [a[0] * k, a[1] * k]
export const dot = (a: XY, b: XY) => a[0] * b[0] + a[1] * b[1]
export const norm = (a: XY) => Math.hypot(a[0], a[1])
export const dist = (a: XY, b: XY) => Math.hypot(a[0] - b[0], a[1] - b[1])
export const unit = (a: XY): XY => {
  const n = norm(a)
  return n === 0 ? [0, 1] : [a[0] / n, a[1] / n]
}
/** Heading of a direction in degrees from north, clockwise, in [0, 360). */
export const headingOf = (d: XY) => {
  const h = (Math.atan2(d[0], d[1]) * 180) / Math.PI
  return h < 0 ? h + 360 : h
}

/** Length of a polyline. */
export const lengthOf = (line: ReadonlyArray<XY>) => {
  let total = 0
  for (let i = 1; i < line.length; i++) total += dist(line[i - 1] as XY, line[i] as XY)
  return total
}

/** Rings of a polygon in the frame (outer first, then holes). */
export const ringsXY = (polygon: Polygon, f: Frame): Array<Array<XY>> =>
  polygon.coordinates.map((ring) => ring.map((p) => f.toXY(p)))

/**
 * The stretches of the line through `at` along unit direction `d` that lie inside the polygon
 * (even-odd over all its rings, so holes cut them), as [from, to] distances along `d` from `at`.
 */
export const insideIntervals = (rings: ReadonlyArray<ReadonlyArray<XY>>, at: XY, d: XY) => {
  const normal: XY = [-d[1], d[0]]
  const cuts: Array<number> = []
  for (const ring of rings)
    for (let i = 1; i < ring.length; i++) {
      const a = ring[i - 1] as XY
      const b = ring[i] as XY
      const sa = dot(sub(a, at), normal)
      const sb = dot(sub(b, at), normal)
      if (sa < 0 === sb < 0) continue
      const k = sa / (sa - sb)
      cuts.push(dot(sub(add(a, scale(sub(b, a), k)), at), d))
    }
  cuts.sort((x, y) => x - y)
  const intervals: Array<[number, number]> = []
  for (let i = 0; i + 1 < cuts.length; i += 2) intervals.push([cuts[i] as number, cuts[i + 1] as number])
  return intervals
}

/** A cubic Bézier from a to b, sampled every ~`step` metres (a headland turn's path). */
export const bezier = (p0: XY, p1: XY, p2: XY, p3: XY, step = 1): Array<XY> => {
  const rough = dist(p0, p1) + dist(p1, p2) + dist(p2, p3)
  const n = Math.max(4, Math.ceil(rough / step))
  const out: Array<XY> = []
  for (let i = 0; i <= n; i++) {
    const t = i / n
    const u = 1 - t
    const w0 = u * u * u
    const w1 = 3 * u * u * t
    const w2 = 3 * u * t * t
    const w3 = t * t * t
    out.push([
      w0 * p0[0] + w1 * p1[0] + w2 * p2[0] + w3 * p3[0],
      w0 * p0[1] + w1 * p1[1] + w2 * p2[1] + w3 * p3[1],
    ])
  }
  return out
}

/** Where on a ring a point lies (the nearest edge, and how far along the ring from its start). */
const onRing = (ring: ReadonlyArray<XY>, p: XY) => {
  let best = { edge: 0, gap: Number.POSITIVE_INFINITY, at: p }
  for (let i = 1; i < ring.length; i++) {
    const a = ring[i - 1] as XY
    const b = ring[i] as XY
    const ab = sub(b, a)
    const len2 = dot(ab, ab)
    const k = len2 === 0 ? 0 : Math.max(0, Math.min(1, dot(sub(p, a), ab) / len2))
    const at = add(a, scale(ab, k))
    const gap = dist(at, p)
    if (gap < best.gap) best = { edge: i, gap, at }
  }
  return best
}

/**
 * The way from `a` to `b` along the ring both lie on (the shorter way round), as a machine drives
 * around an obstacle; a straight line when they are not on one ring.
 */
export const aroundRing = (rings: ReadonlyArray<ReadonlyArray<XY>>, a: XY, b: XY): Array<XY> => {
  for (const ring of rings) {
    const from = onRing(ring, a)
    const to = onRing(ring, b)
    if (from.gap > 0.5 || to.gap > 0.5) continue
    const open = ring.slice(0, -1)
    const n = open.length
    // Forward: vertices from.edge … to.edge - 1 (indices modulo n); backward the other way.
    const forward: Array<XY> = [a]
    for (let i = from.edge; i % n !== to.edge % n; i++) forward.push(open[i % n] as XY)
    forward.push(b)
    const backward: Array<XY> = [a]
    for (let i = from.edge - 1 + n; (i - (to.edge - 1) + n) % n !== 0; i--) backward.push(open[i % n] as XY)
    backward.push(b)
    if (from.edge === to.edge) return [a, b]
    return lengthOf(forward) <= lengthOf(backward) ? forward : backward
  }
  return [a, b]
}
