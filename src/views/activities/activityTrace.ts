import type { Feature, FeatureCollection, Geometry, LineString } from "geojson"
import type { FieldGeometry as FieldGeometrySchema } from "../../schema/field"
import type { WorkState } from "../../schema/workStates"

type FieldGeometry = typeof FieldGeometrySchema.Type

/** A fix of the activity's trace as the map draws it. */
export interface TracePoint {
  readonly lng: number
  readonly lat: number
  readonly state: WorkState
}

/**
 * The colours of the states on the map and in its legend: work green, turns amber, road blue,
 * stops greys; each dark enough to read on an aerial photo under its white casing.
 */
export const stateColors: Record<WorkState, string> = {
  fieldWork: "#2b8a3e",
  turn: "#e67700",
  road: "#1864ab",
  pause: "#868e96",
  idle: "#5f3dc4",
}

/**
 * The trace as lines, one per run of fixes in the same state (each run starts where the last ended,
 * so the line never breaks), with the state and its colour; a run of a single fix is skipped.
 */
export const traceRuns = (points: ReadonlyArray<TracePoint>): FeatureCollection<LineString> => {
  const features: Array<Feature<LineString>> = []
  let run: Array<[number, number]> = []
  let state: WorkState | null = null
  const close = () => {
    if (state !== null && run.length >= 2)
      features.push({
        type: "Feature",
        geometry: { type: "LineString", coordinates: run },
        properties: { state, color: stateColors[state] },
      })
  }
  for (const p of points) {
    const at: [number, number] = [p.lng, p.lat]
    if (p.state !== state) {
      const last = run[run.length - 1]
      close()
      run = last === undefined ? [at] : [last, at]
      state = p.state
    } else run.push(at)
  }
  close()
  return { type: "FeatureCollection", features }
}

/** The box around the trace, [[west, south], [east, north]]; null without a fix. */
/** The outlines of the fields an activity worked, as the map draws them. */
export const outlineFeatures = (
  outlines: ReadonlyArray<{ readonly id: string; readonly name: string; readonly geometry: FieldGeometry }>,
): FeatureCollection<Geometry, { name: string }> => ({
  type: "FeatureCollection",
  features: outlines.map((o) => ({
    type: "Feature",
    id: o.id,
    properties: { name: o.name },
    // The schema's read-only arrays are GeoJSON's arrays.
    geometry: o.geometry as unknown as Geometry,
  })),
})

/** Every position of the outlines, as trace points for framing (the fields in view with the trace). */
export const outlinePoints = (
  outlines: ReadonlyArray<{ readonly geometry: FieldGeometry }>,
): ReadonlyArray<Pick<TracePoint, "lng" | "lat">> =>
  outlines.flatMap((o) =>
    (o.geometry.type === "Polygon" ? [o.geometry.coordinates] : o.geometry.coordinates).flatMap((rings) =>
      (rings[0] ?? []).map(([lng, lat]) => ({ lng, lat })),
    ),
  )

export const traceBounds = (
  points: ReadonlyArray<Pick<TracePoint, "lng" | "lat">>,
): [[number, number], [number, number]] | null => {
  if (points.length === 0) return null
  let w = 180
  let s = 90
  let e = -180
  let n = -90
  for (const p of points) {
    w = Math.min(w, p.lng)
    e = Math.max(e, p.lng)
    s = Math.min(s, p.lat)
    n = Math.max(n, p.lat)
  }
  return [
    [w, s],
    [e, n],
  ]
}

/**
 * The width on the screen of a tool `widthM` metres wide at latitude `lat`, at every zoom: MapLibre's
 * 512-pixel tiles are 40,075,016.686 × cos(lat) / 512 metres a pixel at zoom 0, half that a zoom
 * further. Drawn that wide, the field-work lines are the ground the tool covered.
 */
export const metresWide = (widthM: number, lat: number) => {
  const atZoom0 = widthM / ((40_075_016.686 * Math.cos((lat * Math.PI) / 180)) / 512)
  return ["interpolate", ["exponential", 2], ["zoom"], 0, atZoom0, 24, atZoom0 * 2 ** 24] as const
}

/** Seconds in each state, from the activity (the legend's figures). */
export const legendStates: ReadonlyArray<WorkState> = ["fieldWork", "turn", "road", "idle", "pause"]
