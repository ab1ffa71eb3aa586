import { union } from "@turf/union"
import type { Feature, Polygon, Position } from "geojson"

/**
 * The reference the coverage is checked against (tests and bench only, never the engine): the same
 * swaths as polygons, merged by an exact polygon union (`@turf/union`, a Martinez–Rueda sweep), and
 * measured by the shoelace formula, all in the same planar metres. It is "exact" up to the arcs of
 * the round ends, drawn with `arcVertices` points per half circle: with 32, a 3 m radius loses
 * 0.5 mm² per metre of round boundary, nothing against a field's hectares.
 */

/** The swath of one step as a polygon: a rectangle with a half circle at each end. */
export const capsuleRing = (
  x0: number,
  y0: number,
  x1: number,
  y1: number,
  r: number,
  arcVertices = 32,
): Array<Position> => {
  const heading = x0 === x1 && y0 === y1 ? 0 : Math.atan2(y1 - y0, x1 - x0)
  const ring: Array<Position> = []
  const arc = (cx: number, cy: number, from: number) => {
    for (let i = 0; i <= arcVertices; i++) {
      const a = from + (Math.PI * i) / arcVertices
      ring.push([cx + r * Math.cos(a), cy + r * Math.sin(a)])
    }
  }
  arc(x1, y1, heading - Math.PI / 2)
  arc(x0, y0, heading + Math.PI / 2)
  ring.push([...ring[0]])
  return ring
}

const ringArea = (ring: ReadonlyArray<Position>): number => {
  let twice = 0
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    twice += (ring[j][0] + ring[i][0]) * (ring[j][1] - ring[i][1])
  }
  return Math.abs(twice) / 2
}

/** Planar area (m²) of polygons with holes, the first ring of each being its outer boundary. */
export const planarArea = (polygons: ReadonlyArray<ReadonlyArray<ReadonlyArray<Position>>>): number =>
  polygons.reduce(
    (sum, rings) => sum + ringArea(rings[0]) - rings.slice(1).reduce((holes, h) => holes + ringArea(h), 0),
    0,
  )

/**
 * Area (m²) of the exact union of the swaths of `segments` (x0, y0, x1, y1 per step, metres).
 * `snapM` rounds the polygons' vertices to that many metres first: on real tracks the union often
 * fails on raw coordinates ("Unable to complete output ring", nearly touching edges), and a snap of
 * a micrometre, which changes no area one can see, is enough to get through.
 */
export const exactUnionAreaM2 = (
  segments: Float64Array,
  halfWidthM: number,
  arcVertices = 32,
  snapM = 0,
): number => {
  const features: Array<Feature<Polygon>> = []
  const perMetre = snapM > 0 ? Math.round(1 / snapM) : 0
  const snap = (v: number) => (perMetre > 0 ? Math.round(v * perMetre) / perMetre : v)
  for (let o = 0; o + 4 <= segments.length; o += 4) {
    const ring = capsuleRing(
      segments[o],
      segments[o + 1],
      segments[o + 2],
      segments[o + 3],
      halfWidthM,
      arcVertices,
    )
    const coordinates = [ring.map(([x = 0, y = 0]) => [snap(x), snap(y)])]
    features.push({ type: "Feature", properties: {}, geometry: { type: "Polygon", coordinates } })
  }
  if (features.length === 0) return 0
  if (features.length === 1) return planarArea([features[0].geometry.coordinates])
  const merged = union({ type: "FeatureCollection", features })
  if (merged === null) return 0
  const g = merged.geometry
  return planarArea(g.type === "Polygon" ? [g.coordinates] : g.coordinates)
}
