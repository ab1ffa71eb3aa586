import type { Feature, FeatureCollection } from "geojson"
import type { HistoryTrace, TracePoint } from "../../../schema/positions"

/**
 * The speed classes the trace is coloured by (km/h): below 2 a machine stands or manoeuvres,
 * 2–6 and 6–12 cover field work (sowing, spraying, ploughing), 12–20 a slow road, 20 and over the
 * road. `none`: the box sent no speed.
 */
export const speedLimits = [2, 6, 12, 20] as const
export const speedColors = ["#6a3d9a", "#1f78b4", "#2ca25f", "#f08c00", "#e03131"] as const
export const noSpeedColor = "#8c8c8c"

/** The class of a speed (an index into `speedColors`), or -1 without a speed. */
export const speedClass = (speed: number | null): number => {
  if (speed === null) return -1
  const i = speedLimits.findIndex((limit) => speed < limit)
  return i === -1 ? speedLimits.length : i
}

export const colorOf = (cls: number): string => speedColors[cls] ?? noSpeedColor

/** A point of the trace on the period's clock: when (ms), where, how fast. */
interface Timed {
  readonly at: number
  readonly lng: number
  readonly lat: number
  readonly speed: number | null
}

/** The trace as a list of segments of timed points, in time order. */
export type Timeline = ReadonlyArray<ReadonlyArray<Timed>>

export const timelineOf = (trace: HistoryTrace): Timeline =>
  trace.segments
    .map((segment) =>
      segment.points.map(
        ([lng, lat, seconds, speed]: TracePoint): Timed => ({
          at: segment.start.epochMillis + seconds * 1000,
          lng,
          lat,
          speed,
        }),
      ),
    )
    .filter((points) => points.length > 0)

/** The first and last instants with a position (ms). */
export const spanOf = (timeline: Timeline): { first: number; last: number } => ({
  first: timeline[0]?.[0]?.at ?? 0,
  last: timeline.at(-1)?.at(-1)?.at ?? 0,
})

/**
 * The trace as map features: each segment apart (no line across a silence of the box), cut where
 * the speed changes class, each run a line of one colour (`color`); a segment of a single point is
 * a dot. Lines of many thousand points stay a few hundred features.
 */
export const traceFeatures = (timeline: Timeline): FeatureCollection => {
  const features: Array<Feature> = []
  timeline.forEach((points, segment) => {
    const first = points[0]
    if (first === undefined) return
    if (points.length === 1) {
      features.push({
        type: "Feature",
        geometry: { type: "Point", coordinates: [first.lng, first.lat] },
        properties: { segment, color: colorOf(speedClass(first.speed)) },
      })
      return
    }
    let run: Array<[number, number]> = [[first.lng, first.lat]]
    let cls = speedClass(first.speed)
    const close = () =>
      features.push({
        type: "Feature",
        geometry: { type: "LineString", coordinates: run },
        properties: { segment, color: colorOf(cls) },
      })
    for (let i = 1; i < points.length; i++) {
      const p = points[i] as Timed
      // The line from the previous point takes that point's speed; a change of class starts a
      // new run from the point where it changes, so the runs join.
      run.push([p.lng, p.lat])
      const next = speedClass(p.speed)
      if (next !== cls && i < points.length - 1) {
        close()
        run = [[p.lng, p.lat]]
        cls = next
      }
    }
    close()
  })
  return { type: "FeatureCollection", features }
}

/** [[west, south], [east, north]] around every point. */
export const boundsOf = (timeline: Timeline): [[number, number], [number, number]] => {
  let w = 180
  let s = 90
  let e = -180
  let n = -90
  for (const points of timeline)
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

/** Where the machine was at an instant of the replay. */
export interface Cursor {
  readonly lng: number
  readonly lat: number
  /** Its speed then (km/h), null without one or while the box was silent. */
  readonly speed: number | null
  /** The box sent nothing around this instant (a gap): the last position known is shown. */
  readonly silent: boolean
}

/** The last index of `points` at or before `at` (points sorted by time; -1 before the first). */
const lastAtOrBefore = (points: ReadonlyArray<Timed>, at: number): number => {
  let lo = 0
  let hi = points.length - 1
  let found = -1
  while (lo <= hi) {
    const mid = (lo + hi) >> 1
    if ((points[mid] as Timed).at <= at) {
      found = mid
      lo = mid + 1
    } else hi = mid - 1
  }
  return found
}

/**
 * Where the machine was at `at` (ms): between two points of a segment, on the line between them
 * (at that stretch's speed); in a gap, at the last position the box sent, silent.
 */
export const cursorAt = (timeline: Timeline, at: number): Cursor | null => {
  const first = timeline[0]?.[0]
  if (first === undefined) return null
  if (at <= first.at) return { lng: first.lng, lat: first.lat, speed: first.speed, silent: false }
  for (let s = timeline.length - 1; s >= 0; s--) {
    const points = timeline[s] as ReadonlyArray<Timed>
    const start = points[0] as Timed
    if (start.at > at) continue
    const i = lastAtOrBefore(points, at)
    const p = points[i] as Timed
    const q = points[i + 1]
    if (q === undefined) {
      const last = s === timeline.length - 1
      return {
        lng: p.lng,
        lat: p.lat,
        speed: at === p.at || last ? p.speed : null,
        silent: at > p.at && !last,
      }
    }
    const k = q.at === p.at ? 0 : (at - p.at) / (q.at - p.at)
    return {
      lng: p.lng + (q.lng - p.lng) * k,
      lat: p.lat + (q.lat - p.lat) * k,
      speed: p.speed,
      silent: false,
    }
  }
  return null
}

/**
 * The instant the machine was nearest to where the person tapped: the tap is brought onto the
 * lines drawn between a segment's consecutive points (not only onto the points: fixes far apart
 * on a road would send the replay half a line away), the instant interpolated along that line.
 */
export const nearestAt = (timeline: Timeline, lng: number, lat: number): number | null => {
  const k = Math.cos((lat * Math.PI) / 180)
  let best: number | null = null
  let bestDistance = Number.POSITIVE_INFINITY
  const consider = (distance: number, at: number) => {
    if (distance < bestDistance) {
      bestDistance = distance
      best = at
    }
  }
  for (const points of timeline)
    points.forEach((p, i) => {
      const px = (p.lng - lng) * k
      const py = p.lat - lat
      consider(px * px + py * py, p.at)
      const q = points[i + 1]
      if (q === undefined) return
      // The tap's projection on p→q, in a local plane (metres at this latitude, up to a factor).
      const dx = (q.lng - p.lng) * k
      const dy = q.lat - p.lat
      const length = dx * dx + dy * dy
      if (length === 0) return
      const t = Math.min(1, Math.max(0, -(px * dx + py * dy) / length))
      const ex = px + t * dx
      const ey = py + t * dy
      consider(ex * ex + ey * ey, p.at + t * (q.at - p.at))
    })
  return best
}
