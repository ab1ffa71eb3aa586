import type { Position } from "geojson"
import type { Trace } from "./clean"
import type { EngineField } from "./types"

/**
 * Which known field each fix lies in: the fields projected once on the trace's plane, each with
 * its bounding box so that a fix is tested only against the few fields around it (even-odd over
 * all rings, so a hole — a pond — is outside).
 */

interface ProjectedField {
  readonly minX: number
  readonly minY: number
  readonly maxX: number
  readonly maxY: number
  /** Every ring, flat x,y pairs, closed. */
  readonly rings: ReadonlyArray<Float64Array>
}

const project = (trace: Trace, field: EngineField): ProjectedField => {
  const polygons: ReadonlyArray<ReadonlyArray<ReadonlyArray<Position>>> =
    field.geometry.type === "Polygon" ? [field.geometry.coordinates] : field.geometry.coordinates
  let minX = Number.POSITIVE_INFINITY
  let minY = Number.POSITIVE_INFINITY
  let maxX = Number.NEGATIVE_INFINITY
  let maxY = Number.NEGATIVE_INFINITY
  const rings: Array<Float64Array> = []
  for (const polygon of polygons)
    for (const ring of polygon) {
      const flat = new Float64Array(ring.length * 2)
      ring.forEach(([lng = 0, lat = 0], i) => {
        const [px, py] = trace.toXY(lng, lat)
        flat[2 * i] = px
        flat[2 * i + 1] = py
        if (px < minX) minX = px
        if (px > maxX) maxX = px
        if (py < minY) minY = py
        if (py > maxY) maxY = py
      })
      rings.push(flat)
    }
  return { minX, minY, maxX, maxY, rings }
}

const inside = (f: ProjectedField, px: number, py: number) => {
  if (px < f.minX || px > f.maxX || py < f.minY || py > f.maxY) return false
  let odd = false
  for (const r of f.rings) {
    const m = r.length / 2
    for (let i = 0, j = m - 1; i < m; j = i++) {
      const xi = r[2 * i] as number
      const yi = r[2 * i + 1] as number
      const xj = r[2 * j] as number
      const yj = r[2 * j + 1] as number
      if (yi > py !== yj > py && px < ((xj - xi) * (py - yi)) / (yj - yi) + xi) odd = !odd
    }
  }
  return odd
}

/** For each fix, the index (in `fields`) of the field it lies in, or −1. The smallest field wins an overlap. */
export const fieldOfFixes = (trace: Trace, fields: ReadonlyArray<EngineField>): Int32Array => {
  const out = new Int32Array(trace.n).fill(-1)
  if (fields.length === 0) return out
  const projected = fields.map((f) => project(trace, f))
  const size = projected.map((p) => (p.maxX - p.minX) * (p.maxY - p.minY))
  // Fields sorted small first: where two outlines overlap the fix goes to the more precise one.
  const order = projected.map((_, i) => i).sort((a, b) => (size[a] as number) - (size[b] as number))
  for (let i = 0; i < trace.n; i++) {
    const px = trace.x[i] as number
    const py = trace.y[i] as number
    for (const k of order)
      if (inside(projected[k] as ProjectedField, px, py)) {
        out[i] = k
        break
      }
  }
  return out
}
