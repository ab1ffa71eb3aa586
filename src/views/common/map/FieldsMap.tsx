import { Box } from "@mantine/core"
import type { Feature, FeatureCollection, MultiPolygon, Polygon } from "geojson"
import { type GeoJSONSource, type LngLatBoundsLike, Map as MapLibre, setWorkerUrl } from "maplibre-gl"
import "maplibre-gl/dist/maplibre-gl.css"
import workerUrl from "maplibre-gl/dist/maplibre-gl-worker.mjs?url"
import { useEffect, useRef, useState } from "react"
import { useI18nContext } from "../../../i18n/i18n-react"
import type { FieldGeometry } from "../../../schema/field"
import { BasemapOverlay } from "./BasemapOverlay"
import { basemapStyle, watchBasemap } from "./basemap"

setWorkerUrl(workerUrl)

export interface MapArea {
  readonly id: string
  readonly name: string
  readonly geometry: FieldGeometry
  /** Drawn in the alert colour (an outline that cannot be imported). */
  readonly refused?: boolean
}

const france: LngLatBoundsLike = [
  [-5.2, 41.3],
  [9.6, 51.1],
]

const collection = (areas: ReadonlyArray<MapArea>): FeatureCollection => ({
  type: "FeatureCollection",
  features: areas.map(
    (a): Feature => ({
      type: "Feature",
      id: a.id,
      geometry: a.geometry as unknown as Polygon | MultiPolygon,
      properties: { id: a.id, name: a.name, refused: a.refused === true },
    }),
  ),
})

/** The box around every area ([[west, south], [east, north]]), or France when there is none. */
const boundsOf = (areas: ReadonlyArray<MapArea>): LngLatBoundsLike => {
  let w = 180
  let s = 90
  let e = -180
  let n = -90
  const visit = (positions: ReadonlyArray<ReadonlyArray<number>>) => {
    for (const [x = 0, y = 0] of positions) {
      w = Math.min(w, x)
      e = Math.max(e, x)
      s = Math.min(s, y)
      n = Math.max(n, y)
    }
  }
  for (const a of areas)
    for (const polygon of a.geometry.type === "Polygon" ? [a.geometry.coordinates] : a.geometry.coordinates)
      visit(polygon[0] ?? [])
  return w > e
    ? france
    : [
        [w, s],
        [e, n],
      ]
}

const markChosen = (map: MapLibre, before: ReadonlyArray<string>, now: ReadonlyArray<string>) => {
  for (const id of before) map.setFeatureState({ source: "areas", id }, { chosen: false })
  for (const id of now) map.setFeatureState({ source: "areas", id }, { chosen: true })
}

/**
 * Work areas on a map, over the basemap (IGN orthophotos, the bundled one offline). Tapping an
 * area selects it (`onSelect`); the selected one is outlined. The view frames every area the first
 * time they arrive, and the selected one when it changes. `chosen` areas (a booking's fields) are
 * filled green, without moving the view. Loaded only with the screens that show it.
 */
const FieldsMap = ({
  areas,
  selected,
  onSelect,
  chosen,
  height = 360,
}: {
  areas: ReadonlyArray<MapArea>
  selected?: string | null
  onSelect?: (id: string) => void
  chosen?: ReadonlyArray<string>
  height?: number | string
}) => {
  const { LL } = useI18nContext()
  const container = useRef<HTMLDivElement>(null)
  const mapRef = useRef<MapLibre | null>(null)
  const ready = useRef(false)
  const latest = useRef({ areas, selected, onSelect, chosen })
  latest.current = { areas, selected, onSelect, chosen }
  const [fallback, setFallback] = useState(false)

  useEffect(() => {
    if (container.current === null) return
    const map = new MapLibre({
      container: container.current,
      style: basemapStyle("ortho"),
      bounds: boundsOf(latest.current.areas),
      fitBoundsOptions: { padding: 24, maxZoom: 16 },
      attributionControl: { compact: true },
    })
    mapRef.current = map
    watchBasemap(map, () => setFallback(true))
    map.on("load", () => {
      map.addSource("areas", { type: "geojson", data: collection(latest.current.areas), promoteId: "id" })
      map.addLayer({
        id: "areas-fill",
        type: "fill",
        source: "areas",
        paint: {
          "fill-color": [
            "case",
            ["get", "refused"],
            "#c92a2a",
            ["boolean", ["feature-state", "chosen"], false],
            "#2f9e44",
            "#f0b429",
          ],
          "fill-opacity": ["case", ["boolean", ["feature-state", "selected"], false], 0.55, 0.3],
        },
      })
      map.addLayer({
        id: "areas-line",
        type: "line",
        source: "areas",
        paint: {
          "line-color": ["case", ["boolean", ["feature-state", "selected"], false], "#1c7ed6", "#7a4d00"],
          "line-width": ["case", ["boolean", ["feature-state", "selected"], false], 3, 1.5],
        },
      })
      map.on("click", "areas-fill", (event) => {
        const id = event.features?.[0]?.properties?.id
        if (typeof id === "string") latest.current.onSelect?.(id)
      })
      map.on("mouseenter", "areas-fill", () => {
        map.getCanvas().style.cursor = "pointer"
      })
      map.on("mouseleave", "areas-fill", () => {
        map.getCanvas().style.cursor = ""
      })
      ready.current = true
      markChosen(map, [], latest.current.chosen ?? [])
      marked.current = latest.current.chosen ?? []
      if (latest.current.selected)
        map.setFeatureState({ source: "areas", id: latest.current.selected }, { selected: true })
    })
    return () => {
      ready.current = false
      mapRef.current = null
      map.remove()
    }
  }, [])

  // New areas: drawn, and framed.
  useEffect(() => {
    const map = mapRef.current
    if (!map || !ready.current) return
    ;(map.getSource("areas") as GeoJSONSource | undefined)?.setData(collection(areas))
    map.fitBounds(boundsOf(areas), { padding: 24, maxZoom: 16, duration: 0 })
  }, [areas])

  // The chosen areas filled, the view left where the person put it.
  const marked = useRef<ReadonlyArray<string>>([])
  useEffect(() => {
    const map = mapRef.current
    if (!map || !ready.current) return
    markChosen(map, marked.current, chosen ?? [])
    marked.current = chosen ?? []
  }, [chosen])

  // The selected area outlined and framed.
  const previous = useRef<string | null>(null)
  useEffect(() => {
    const map = mapRef.current
    if (!map || !ready.current) return
    if (previous.current) map.setFeatureState({ source: "areas", id: previous.current }, { selected: false })
    previous.current = selected ?? null
    if (!selected) return
    map.setFeatureState({ source: "areas", id: selected }, { selected: true })
    const area = latest.current.areas.find((a) => a.id === selected)
    if (area) map.fitBounds(boundsOf([area]), { padding: 48, maxZoom: 17, duration: 300 })
  }, [selected])

  return (
    <Box pos="relative">
      <Box
        ref={container}
        h={height}
        role="region"
        aria-label={LL.fields.map.label()}
        data-basemap={fallback ? "bundled" : "ign"}
        style={{ borderRadius: 8, overflow: "hidden" }}
      />
      <BasemapOverlay map={() => mapRef.current} fallback={fallback} />
    </Box>
  )
}
export default FieldsMap
