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

/** Distance (m) from (px, py) to field `f`'s outline when within `tol` of its box, else +∞. */
const edgeDistance = (f: ProjectedField, px: number, py: number, tol: number) => {
  if (px < f.minX - tol || px > f.maxX + tol || py < f.minY - tol || py > f.maxY + tol)
    return Number.POSITIVE_INFINITY
  let best = Number.POSITIVE_INFINITY
  for (const r of f.rings) {
    const m = r.length / 2
    for (let i = 1; i < m; i++) {
      const ax = r[2 * i - 2] as number
      const ay = r[2 * i - 1] as number
      const dx = (r[2 * i] as number) - ax
      const dy = (r[2 * i + 1] as number) - ay
      const l2 = dx * dx + dy * dy
      const u = l2 > 0 ? Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / l2)) : 0
      const ex = ax + u * dx - px
      const ey = ay + u * dy - py
      const d = Math.sqrt(ex * ex + ey * ey)
      if (d < best) best = d
    }
  }
  return best
}

/** The most a fix's stated accuracy may put it outside an outline and still count in (m). */
const maxEdgeToleranceM = 10

/**
 * For each fix, the index (in `fields`) of the field it lies in, or −1. The smallest field wins an
 * overlap. A fix outside every outline but within its receiver's stated accuracy (at most 10 m) of
 * one lies in the nearest: a headland lap run along the edge, where the receiver's error puts
 * half the fixes outside a drawn outline.
 */
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
    const tol = Math.min(trace.fixes[trace.source[i] as number]?.acc ?? Number.NaN, maxEdgeToleranceM)
    if (out[i] !== -1 || !(tol > 0)) continue
    let nearest = tol
    for (const k of order) {
      const d = edgeDistance(projected[k] as ProjectedField, px, py, nearest)
      if (d <= nearest) {
        nearest = d
        out[i] = k
      }
    }
  }
  return out
}
