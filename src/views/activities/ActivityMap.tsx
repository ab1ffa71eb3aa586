import { Box } from "@mantine/core"
import { Map as MapLibre, setWorkerUrl } from "maplibre-gl"
import "maplibre-gl/dist/maplibre-gl.css"
import workerUrl from "maplibre-gl/dist/maplibre-gl-worker.mjs?url"
import { useEffect, useMemo, useRef, useState } from "react"
import { useI18nContext } from "../../i18n/i18n-react"
import type { FieldGeometry as FieldGeometrySchema } from "../../schema/field"
import { BasemapOverlay } from "../common/map/BasemapOverlay"
import { basemapStyle, customStyleUrl, watchBasemap } from "../common/map/basemap"
import {
  metresWide,
  outlineFeatures,
  outlinePoints,
  type TracePoint,
  traceBounds,
  traceRuns,
} from "./activityTrace"

setWorkerUrl(workerUrl)

type FieldGeometry = typeof FieldGeometrySchema.Type

/** The outline of the fields worked: yellow reads on aerial photos and on the plain map (the legend's). */
const outlineColor = "#fcc419"

const fit = { padding: { top: 52, bottom: 24, left: 24, right: 24 }, maxZoom: 18 } as const

/**
 * The activity on the basemap (IGN aerial photos, the bundled map offline): the ground its tool
 * covered drawn the tool's width wide in translucent green under the trace, the trace coloured by
 * state over it, the fields it worked outlined in yellow, framed on the whole. Loaded only with the
 * activity's page (MapLibre is heavy).
 */
const ActivityMap = ({
  points,
  toolWidthM,
  outlines = [],
  height = 420,
}: {
  points: ReadonlyArray<TracePoint>
  /** The fields it worked, outlined under the trace. */
  outlines?: ReadonlyArray<{ readonly id: string; readonly name: string; readonly geometry: FieldGeometry }>
  /** The tool's width, metres; without one the covered area is not drawn. */
  toolWidthM: number | null
  height?: number | string
}) => {
  const { LL } = useI18nContext()
  const container = useRef<HTMLDivElement>(null)
  const mapRef = useRef<MapLibre | null>(null)
  const [ready, setReady] = useState(false)
  const [fallback, setFallback] = useState(false)
  const runs = useMemo(() => traceRuns(points), [points])
  const fields = useMemo(() => outlineFeatures(outlines), [outlines])
  // The view holds the trace and the fields it worked.
  const framing = useMemo(() => [...points, ...outlinePoints(outlines)], [points, outlines])
  const latest = useRef({ runs, points, toolWidthM, fields, framing })
  latest.current = { runs, points, toolWidthM, fields, framing }

  useEffect(() => {
    if (container.current === null) return
    const bounds = traceBounds(latest.current.framing)
    const map = new MapLibre({
      container: container.current,
      style: basemapStyle("ortho"),
      ...(bounds === null ? { center: [2.5, 46.6], zoom: 5 } : { bounds, fitBoundsOptions: fit }),
      attributionControl: { compact: true },
    })
    mapRef.current = map
    watchBasemap(map, () => setFallback(true))
    map.on("load", () => {
      const { runs: data, points: pts, toolWidthM: width, fields: outlined } = latest.current
      map.addSource("fields", { type: "geojson", data: outlined })
      map.addLayer({
        id: "fields-fill",
        type: "fill",
        source: "fields",
        paint: { "fill-color": outlineColor, "fill-opacity": 0.08 },
      })
      map.addLayer({
        id: "fields-outline",
        type: "line",
        source: "fields",
        paint: { "line-color": outlineColor, "line-width": 2, "line-dasharray": [3, 2] },
      })
      map.addSource("trace", { type: "geojson", data })
      if (width !== null && width > 0 && pts.length > 0) {
        const lat = pts.reduce((sum, p) => sum + p.lat, 0) / pts.length
        map.addLayer({
          id: "covered",
          type: "line",
          source: "trace",
          filter: ["==", ["get", "state"], "fieldWork"],
          layout: { "line-join": "round", "line-cap": "butt" },
          paint: {
            "line-color": "#b2f2bb",
            "line-opacity": 0.55,
            "line-width": metresWide(width, lat) as unknown as number,
          },
        })
      }
      map.addLayer({
        id: "trace-casing",
        type: "line",
        source: "trace",
        layout: { "line-join": "round", "line-cap": "round" },
        paint: { "line-color": "#ffffff", "line-opacity": 0.8, "line-width": 5 },
      })
      map.addLayer({
        id: "trace-line",
        type: "line",
        source: "trace",
        layout: { "line-join": "round", "line-cap": "round" },
        paint: { "line-color": ["get", "color"], "line-width": 2.5 },
      })
      setReady(true)
    })
    // The page lays the map out after it is made (and a phone turns): follow the box, framed again.
    let framed = false
    const observer = new ResizeObserver(() => {
      map.resize()
      const box = traceBounds(latest.current.framing)
      if (!framed && box !== null) map.fitBounds(box, { ...fit, duration: 0 })
      framed = true
    })
    observer.observe(container.current)
    return () => {
      observer.disconnect()
      mapRef.current = null
      map.remove()
    }
  }, [])

  return (
    <Box pos="relative" h={height}>
      <Box
        ref={container}
        h="100%"
        role="region"
        aria-label={LL.activities.page.map()}
        data-basemap={customStyleUrl() ? "custom" : fallback ? "bundled" : "ign"}
        data-ready={ready || undefined}
        data-runs={runs.features.length}
        data-fields={fields.features.length}
        data-covered={toolWidthM !== null && toolWidthM > 0 ? toolWidthM : undefined}
        style={{ borderRadius: 8, overflow: "hidden" }}
      />
      <BasemapOverlay map={() => mapRef.current} fallback={fallback} />
    </Box>
  )
}
export default ActivityMap
