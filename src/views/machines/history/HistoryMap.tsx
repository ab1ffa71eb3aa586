import { Box } from "@mantine/core"
import type { FeatureCollection } from "geojson"
import { type GeoJSONSource, Map as MapLibre, setWorkerUrl } from "maplibre-gl"
import "maplibre-gl/dist/maplibre-gl.css"
import workerUrl from "maplibre-gl/dist/maplibre-gl-worker.mjs?url"
import { useEffect, useMemo, useRef, useState } from "react"
import { useI18nContext } from "../../../i18n/i18n-react"
import { BasemapOverlay } from "../../common/map/BasemapOverlay"
import { basemapStyle, customStyleUrl, watchBasemap } from "../../common/map/basemap"
import { boundsOf, type Cursor, nearestAt, type Timeline, traceFeatures } from "./trace"

setWorkerUrl(workerUrl)

/** Room for the basemap's notice or switch at the top. */
const fit = { padding: { top: 52, bottom: 24, left: 24, right: 24 }, maxZoom: 17 } as const

/** How far from the trace a tap still picks it (px). */
const pickRadius = 12

const cursorData = (cursor: Cursor | null): FeatureCollection => ({
  type: "FeatureCollection",
  features:
    cursor === null
      ? []
      : [
          {
            type: "Feature",
            geometry: { type: "Point", coordinates: [cursor.lng, cursor.lat] },
            properties: { silent: cursor.silent },
          },
        ],
})

/** What the map holds, on its element for tests and tools: segments, lines and dots drawn, the cursor. */
const summary = (data: FeatureCollection) => ({
  segments: new Set(data.features.map((f) => f.properties?.segment)).size,
  lines: data.features.filter((f) => f.geometry.type === "LineString").length,
  dots: data.features.filter((f) => f.geometry.type === "Point").length,
})

/**
 * A machine's trace on the basemap (IGN, the bundled one offline): the lines coloured by speed,
 * each segment apart, framed; the replay's cursor where the machine was at the chosen instant. A
 * tap near the trace (a finger's width) picks the instant of its nearest point. Loaded only with
 * the history (MapLibre is heavy).
 */
const HistoryMap = ({
  timeline,
  cursor,
  onPick,
  height = 420,
}: {
  timeline: Timeline
  cursor: Cursor | null
  /** A tap or click on the trace: the instant of the nearest point. */
  onPick?: (at: number) => void
  height?: number | string
}) => {
  const { LL } = useI18nContext()
  const container = useRef<HTMLDivElement>(null)
  const mapRef = useRef<MapLibre | null>(null)
  const [ready, setReady] = useState(false)
  const [fallback, setFallback] = useState(false)
  /** Counts the view's moves: where the cursor is on the screen follows them. */
  const [moves, setMoves] = useState(0)
  const latest = useRef({ timeline, cursor, onPick })
  latest.current = { timeline, cursor, onPick }
  const data = useMemo(() => traceFeatures(timeline), [timeline])
  const drawn = useMemo(() => summary(data), [data])
  // Where the cursor is on the screen (px from the map's top left), for tests and tools.
  const cursorPx = useMemo(() => {
    const map = mapRef.current
    if (!ready || map === null || cursor === null || moves < 0) return undefined
    const { x, y } = map.project([cursor.lng, cursor.lat])
    return `${Math.round(x)},${Math.round(y)}`
  }, [ready, cursor, moves])
  const latestData = useRef(data)
  latestData.current = data

  useEffect(() => {
    if (container.current === null) return
    const map = new MapLibre({
      container: container.current,
      style: basemapStyle("ortho"),
      bounds: boundsOf(latest.current.timeline),
      fitBoundsOptions: fit,
      attributionControl: { compact: true },
    })
    mapRef.current = map
    watchBasemap(map, () => setFallback(true))
    map.on("load", () => {
      map.addSource("trace", { type: "geojson", data: latestData.current })
      map.addSource("cursor", { type: "geojson", data: cursorData(latest.current.cursor) })
      // A pale casing under the coloured line keeps it readable on aerial photos.
      map.addLayer({
        id: "trace-casing",
        type: "line",
        source: "trace",
        filter: ["==", ["geometry-type"], "LineString"],
        layout: { "line-join": "round", "line-cap": "round" },
        paint: { "line-color": "#ffffff", "line-opacity": 0.75, "line-width": 6 },
      })
      map.addLayer({
        id: "trace-line",
        type: "line",
        source: "trace",
        filter: ["==", ["geometry-type"], "LineString"],
        layout: { "line-join": "round", "line-cap": "round" },
        paint: { "line-color": ["get", "color"], "line-width": 3.5 },
      })
      map.addLayer({
        id: "trace-dot",
        type: "circle",
        source: "trace",
        filter: ["==", ["geometry-type"], "Point"],
        paint: {
          "circle-color": ["get", "color"],
          "circle-radius": 4,
          "circle-stroke-color": "#ffffff",
          "circle-stroke-width": 1.5,
        },
      })
      map.addLayer({
        id: "cursor",
        type: "circle",
        source: "cursor",
        paint: {
          "circle-color": ["case", ["boolean", ["get", "silent"], false], "#8c8c8c", "#1a1b1e"],
          "circle-radius": 8,
          "circle-stroke-color": "#ffffff",
          "circle-stroke-width": 3,
        },
      })
      // A finger's width around the tap: a line three pixels wide is hard to hit exactly.
      const traceLayers = ["trace-casing", "trace-line", "trace-dot"]
      map.on("click", (event) => {
        const { x, y } = event.point
        const near = map.queryRenderedFeatures(
          [
            [x - pickRadius, y - pickRadius],
            [x + pickRadius, y + pickRadius],
          ],
          { layers: traceLayers },
        )
        if (near.length === 0) return
        const at = nearestAt(latest.current.timeline, event.lngLat.lng, event.lngLat.lat)
        if (at !== null) latest.current.onPick?.(at)
      })
      for (const layer of traceLayers) {
        map.on("mouseenter", layer, () => {
          map.getCanvas().style.cursor = "pointer"
        })
        map.on("mouseleave", layer, () => {
          map.getCanvas().style.cursor = ""
        })
      }
      map.on("moveend", () => setMoves((n) => n + 1))
      setReady(true)
    })
    return () => {
      mapRef.current = null
      map.remove()
    }
  }, [])

  // Another period: drawn and framed.
  useEffect(() => {
    const map = mapRef.current
    if (!map || !ready) return
    ;(map.getSource("trace") as GeoJSONSource | undefined)?.setData(data)
    map.fitBounds(boundsOf(timeline), { ...fit, duration: 0 })
  }, [data, timeline, ready])

  // The replay's cursor moved.
  useEffect(() => {
    const map = mapRef.current
    if (!map || !ready) return
    ;(map.getSource("cursor") as GeoJSONSource | undefined)?.setData(cursorData(cursor))
  }, [cursor, ready])

  return (
    <Box pos="relative">
      <Box
        ref={container}
        h={height}
        role="region"
        aria-label={LL.machineHistory.map()}
        data-basemap={customStyleUrl() ? "custom" : fallback ? "bundled" : "ign"}
        data-ready={ready || undefined}
        data-segments={drawn.segments}
        data-lines={drawn.lines}
        data-dots={drawn.dots}
        data-cursor={cursor ? `${cursor.lng.toFixed(6)},${cursor.lat.toFixed(6)}` : undefined}
        data-cursor-px={cursorPx}
        style={{ borderRadius: 8, overflow: "hidden" }}
      />
      <BasemapOverlay map={() => mapRef.current} fallback={fallback} />
    </Box>
  )
}
export default HistoryMap
