import { Box } from "@mantine/core"
import type { Feature, FeatureCollection, MultiPolygon, Polygon } from "geojson"
import {
  type ExpressionSpecification,
  type FilterSpecification,
  type GeoJSONSource,
  type LngLatBoundsLike,
  type MapGeoJSONFeature,
  Map as MapLibre,
  type PointLike,
  type SourceSpecification,
  setWorkerUrl,
  type VectorTileSource,
} from "maplibre-gl"
import "maplibre-gl/dist/maplibre-gl.css"
import workerUrl from "maplibre-gl/dist/maplibre-gl-worker.mjs?url"
import { useEffect, useRef, useState } from "react"
import { useI18nContext } from "../../../i18n/i18n-react"
import type { FieldGeometry } from "../../../schema/field"
import { BasemapOverlay } from "./BasemapOverlay"
import { basemapStyle, customStyleUrl, watchBasemap } from "./basemap"
import { addPoints, countImageExpression, drawCounts, type FieldPoints, farCollections } from "./farPoints"

export type { FieldPoints } from "./farPoints"

setWorkerUrl(workerUrl)

export interface MapArea {
  readonly id: string
  readonly name: string
  readonly geometry: FieldGeometry
  /** Drawn in the alert colour (an outline that cannot be imported). */
  readonly refused?: boolean
}

/** [west, south, east, north] in degrees. */
export type LngLatBox = readonly [number, number, number, number]

/**
 * Fields drawn from the server's vector tiles instead of `areas` (FieldsMain at any size): the
 * tiles' address (`{z}/{x}/{y}`), the headers each request carries (the access token), the box to
 * frame, each field's box (to frame the selected one), and which fields to show (null: all).
 */
export interface TiledAreas {
  readonly url: string
  readonly headers: () => Record<string, string>
  readonly bounds: LngLatBox | null
  readonly boxOf: (id: string) => LngLatBox | undefined
  readonly shown: ReadonlyArray<string> | null
  /** Called once tiles are refused (401): renews the token; the tiles are then asked for again. */
  readonly renew?: () => Promise<void>
  /**
   * Each field shown as a point (its box's centre), when given: below `outlineZoom` the map then
   * draws these, grouped where they crowd, instead of asking for outlines (many thousands of
   * fields far out cost the browser seconds to draw, each of them a few pixels wide).
   */
  readonly points?: () => FieldPoints
}

/**
 * The first zoom with the fields' outlines when they come with points: at zoom 11 a field of 30 to
 * 90 m is two to seven pixels wide, its outline telling nothing a dot does not.
 */
export const outlineZoom = 12

/** The last zoom the server's tiles are asked for: closer in, the map enlarges those of zoom 14. */
const tileMaxZoom = 14

/** Points closer than this (px) are drawn as one group, below `outlineZoom`. */
const groupDistance = 40

/** The least time between two renewals of refused tiles (ms): a lasting refusal asks once in a while. */
const renewPause = 10_000

/** How long the person pauses typing before the map follows the list's filter (ms). */
const filterPause = 200

/** The layer of the server's tiles that holds the fields. */
const tileLayer = "fields"

const asBounds = (box: LngLatBox | null | undefined): LngLatBoundsLike =>
  box
    ? [
        [box[0], box[1]],
        [box[2], box[3]],
      ]
    : france

/** Only the fields `shown` names (a lookup, not a scan, however many: `match`). */
const shownFilter = (shown: ReadonlyArray<string> | null): FilterSpecification | null =>
  shown === null
    ? null
    : shown.length === 0
      ? ["==", ["get", "id"], ""]
      : ["match", ["get", "id"], [...shown], true, false]

/** An address of this server made whole (not through URL, which would escape `{z}`). */
const absolute = (url: string) => (url.startsWith("/") ? `${location.origin}${url}` : url)

/** Where an area's state is kept (a vector source names its layer). */
const featureOf = (tiled: boolean, id: string) =>
  tiled ? { source: "areas", sourceLayer: tileLayer, id } : { source: "areas", id }

/** The ids of `colors`, grouped by colour (a few classes, however many areas). */
const byColor = (colors: ReadonlyMap<string, string>) => {
  const groups = new Map<string, Array<string>>()
  for (const [id, color] of colors) groups.set(color, [...(groups.get(color) ?? []), id])
  return [...groups]
}

/** Refused red, chosen green, then the colour `colors` gives the area, else amber. */
const fillColor = (colors: ReadonlyMap<string, string> | undefined): ExpressionSpecification => [
  "case",
  ["boolean", ["get", "refused"], false],
  "#c92a2a",
  ["boolean", ["feature-state", "chosen"], false],
  "#2f9e44",
  colors && colors.size > 0
    ? ([
        "match",
        ["get", "id"],
        ...byColor(colors).flatMap(([color, ids]) => [ids, color]),
        "#f0b429",
      ] as unknown as ExpressionSpecification)
    : "#f0b429",
]

/** An area `colors` paints is more opaque: its colour is a value to read. */
const fillOpacity = (colors: ReadonlyMap<string, string> | undefined): ExpressionSpecification => {
  const painted: ExpressionSpecification =
    colors && colors.size > 0 ? ["match", ["get", "id"], [...colors.keys()], true, false] : ["literal", false]
  return [
    "case",
    ["boolean", ["feature-state", "selected"], false],
    ["case", painted, 0.9, 0.55],
    ["case", painted, 0.75, 0.3],
  ]
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
      properties: {
        id: a.id,
        name: a.name,
        refused: a.refused === true,
      },
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

/**
 * What the map shows, written on its element for the browser tests (read after the map settles:
 * `idle`): the zoom; `points` far out (each field a point or in a group) or `outlines`; how many
 * groups are in view and the largest one's place on the map (`x y count`, px from its top left);
 * whether the selected field shows, as a `point` or an `outline`; and how many outlines are drawn
 * in the middle of the map (a quarter of its size: cheap to ask, whatever the fields' number).
 */
const reportView = (
  map: MapLibre,
  element: HTMLElement,
  far: boolean,
  selected: string | null,
  boxOf: ((id: string) => LngLatBox | undefined) | undefined,
) => {
  const zoom = map.getZoom()
  const points = far && zoom < outlineZoom
  element.dataset.zoom = zoom.toFixed(2)
  element.dataset.view = points ? "points" : "outlines"
  const groups: Array<MapGeoJSONFeature> = points
    ? map.queryRenderedFeatures({ layers: ["points-group"] })
    : []
  element.dataset.groups = String(groups.length)
  const count = (g: MapGeoJSONFeature) => Number(g.properties?.point_count ?? 0)
  const largest = groups.reduce<MapGeoJSONFeature | undefined>(
    (a, g) => (a && count(a) >= count(g) ? a : g),
    undefined,
  )
  if (largest?.geometry.type === "Point") {
    const at = map.project(largest.geometry.coordinates as [number, number])
    element.dataset.group = `${Math.round(at.x)} ${Math.round(at.y)} ${count(largest)}`
  } else delete element.dataset.group
  const { width, height } = map.getCanvas().getBoundingClientRect()
  const middle: [[number, number], [number, number]] = [
    [width * 0.375, height * 0.375],
    [width * 0.625, height * 0.625],
  ]
  const outlines = new Set(
    points ? [] : map.queryRenderedFeatures(middle, { layers: ["areas-line"] }).map((f) => f.properties?.id),
  )
  element.dataset.outlines = String(outlines.size)
  let shown: string | undefined
  if (selected && points && map.queryRenderedFeatures({ layers: ["points-selected"] }).length > 0)
    shown = "point"
  else if (selected && !points) {
    // Asked where the field is (its box), when known: not of every field on the screen.
    const box = boxOf?.(selected)
    const corners = box
      ? [
          [box[0], box[1]],
          [box[0], box[3]],
          [box[2], box[1]],
          [box[2], box[3]],
        ].map(([lng = 0, lat = 0]) => map.project([lng, lat]))
      : []
    const where: [PointLike, PointLike] | undefined = box
      ? [
          [Math.min(...corners.map((c) => c.x)), Math.min(...corners.map((c) => c.y))],
          [Math.max(...corners.map((c) => c.x)), Math.max(...corners.map((c) => c.y))],
        ]
      : undefined
    const query = { layers: ["areas-line"], filter: ["==", ["get", "id"], selected] as FilterSpecification }
    if ((where ? map.queryRenderedFeatures(where, query) : map.queryRenderedFeatures(query)).length > 0)
      shown = "outline"
  }
  if (shown) element.dataset.selectedShown = shown
  else delete element.dataset.selectedShown
}

/** New points: every field but the selected one grouped, the selected one apart. */
const setPoints = (map: MapLibre, data: { others: FeatureCollection; selected: FeatureCollection }) => {
  ;(map.getSource("points") as GeoJSONSource | undefined)?.setData(data.others)
  ;(map.getSource("points-selected") as GeoJSONSource | undefined)?.setData(data.selected)
}

const markChosen = (map: MapLibre, before: ReadonlyArray<string>, now: ReadonlyArray<string>) => {
  for (const id of before) map.setFeatureState({ source: "areas", id }, { chosen: false })
  for (const id of now) map.setFeatureState({ source: "areas", id }, { chosen: true })
}

/**
 * Work areas on a map, over the basemap (IGN orthophotos, the bundled one offline). Tapping an
 * area selects it (`onSelect`); the selected one is outlined. The view frames every area the first
 * time they arrive, and the selected one when it changes. `chosen` areas (a booking's fields) are
 * filled green, without moving the view. Loaded only with the screens that show it. With `tiles`,
 * the areas come from the server's vector tiles (`areas` is then not read). `colors` fills the
 * areas it names with their colour (a value per field, e.g. the vegetation index), in either mode.
 */
const FieldsMap = ({
  areas,
  tiles,
  selected,
  onSelect,
  chosen,
  colors,
  height = 360,
}: {
  areas: ReadonlyArray<MapArea>
  tiles?: TiledAreas
  selected?: string | null
  onSelect?: (id: string) => void
  chosen?: ReadonlyArray<string>
  colors?: ReadonlyMap<string, string>
  height?: number | string
}) => {
  const { LL, locale } = useI18nContext()
  const container = useRef<HTMLDivElement>(null)
  const mapRef = useRef<MapLibre | null>(null)
  const ready = useRef(false)
  const latest = useRef({ areas, tiles, selected, onSelect, chosen, colors, locale })
  latest.current = { areas, tiles, selected, onSelect, chosen, colors, locale }
  const [fallback, setFallback] = useState(false)
  const tiled = tiles !== undefined

  useEffect(() => {
    if (container.current === null) return
    const first = latest.current.tiles
    const map = new MapLibre({
      container: container.current,
      style: basemapStyle("ortho"),
      bounds: first ? asBounds(first.bounds) : boundsOf(latest.current.areas),
      fitBoundsOptions: { padding: 24, maxZoom: 16 },
      attributionControl: { compact: true },
      // The tiles are personal: each request carries the access token.
      transformRequest: (url) => {
        const t = latest.current.tiles
        return t && url.startsWith(absolute(t.url.split("{")[0] ?? ""))
          ? { url, headers: t.headers() }
          : { url }
      },
    })
    mapRef.current = map
    watchBasemap(map, () => setFallback(true))
    drawCounts(map)
    map.on("idle", () => {
      if (container.current && ready.current)
        reportView(
          map,
          container.current,
          latest.current.tiles?.points !== undefined,
          latest.current.selected ?? null,
          latest.current.tiles?.boxOf,
        )
    })
    map.on("load", () => {
      // With points, the outlines' tiles only from `outlineZoom` in. Past zoom 14 the tiles of 14
      // are enlarged (they hold every corner the screen shows up to zoom 18), not asked for again.
      const source: SourceSpecification = first
        ? {
            type: "vector",
            tiles: [absolute(first.url)],
            ...(first.points ? { minzoom: outlineZoom } : {}),
            maxzoom: tileMaxZoom,
            promoteId: "id",
          }
        : { type: "geojson", data: collection(latest.current.areas), promoteId: "id" }
      map.addSource("areas", source)
      if (first?.points)
        addPoints(map, farCollections(first.points(), latest.current.selected), {
          locale: latest.current.locale,
          until: outlineZoom,
          distance: groupDistance,
        })
      const layer = first ? { "source-layer": tileLayer } : {}
      const filter = latest.current.tiles ? shownFilter(latest.current.tiles.shown) : null
      map.addLayer({
        id: "areas-fill",
        type: "fill",
        source: "areas",
        ...layer,
        ...(filter ? { filter } : {}),
        paint: {
          "fill-color": fillColor(latest.current.colors),
          "fill-opacity": fillOpacity(latest.current.colors),
        },
      })
      map.addLayer({
        id: "areas-line",
        type: "line",
        source: "areas",
        ...layer,
        // Tiles hold many fields: far out, their fill alone (outlines from zoom 11 in).
        ...(first ? { minzoom: 11 } : {}),
        ...(filter ? { filter } : {}),
        paint: {
          "line-color": ["case", ["boolean", ["feature-state", "selected"], false], "#1c7ed6", "#7a4d00"],
          // Thin when many fields share a screen (far out), as drawn before from zoom 14 in.
          // (The zoom leads: MapLibre refuses a layer whose zoom expression sits inside a case.)
          "line-width": [
            "interpolate",
            ["linear"],
            ["zoom"],
            10,
            ["case", ["boolean", ["feature-state", "selected"], false], 3, 0.4],
            14,
            ["case", ["boolean", ["feature-state", "selected"], false], 3, 1.5],
          ],
        },
      })
      // Tiles refused because the token aged while the map stayed open: renew it, ask again.
      let renewedAt = Number.NEGATIVE_INFINITY
      map.on("error", (event) => {
        const t = latest.current.tiles
        const status = (event.error as { status?: unknown } | undefined)?.status
        const source = (event as { sourceId?: unknown }).sourceId
        if (!t?.renew || status !== 401 || source !== "areas") return
        if (performance.now() - renewedAt < renewPause) return
        renewedAt = performance.now()
        void t.renew().then(() => {
          ;(map.getSource("areas") as VectorTileSource | undefined)?.setTiles([absolute(t.url)])
        })
      })
      map.on("click", "points-selected", (event) => {
        const id = event.features?.[0]?.properties?.id
        if (typeof id === "string") latest.current.onSelect?.(id)
      })
      map.on("click", "points-one", (event) => {
        const id = event.features?.[0]?.properties?.id
        if (typeof id === "string") latest.current.onSelect?.(id)
      })
      // A group: the view closes in until it parts.
      map.on("click", "points-group", (event) => {
        const group = event.features?.[0]
        const id = group?.properties?.cluster_id
        if (typeof id !== "number" || group?.geometry.type !== "Point") return
        const centre = group.geometry.coordinates as [number, number]
        void (map.getSource("points") as GeoJSONSource | undefined)
          ?.getClusterExpansionZoom(id)
          .then((zoom) => map.easeTo({ center: centre, zoom, duration: 300 }))
      })
      map.on("click", "areas-fill", (event) => {
        const id = event.features?.[0]?.properties?.id
        if (typeof id === "string") latest.current.onSelect?.(id)
      })
      for (const layer of ["areas-fill", "points-one", "points-group", "points-selected"]) {
        map.on("mouseenter", layer, () => {
          map.getCanvas().style.cursor = "pointer"
        })
        map.on("mouseleave", layer, () => {
          map.getCanvas().style.cursor = ""
        })
      }
      ready.current = true
      markChosen(map, [], latest.current.chosen ?? [])
      marked.current = latest.current.chosen ?? []
      if (latest.current.selected)
        map.setFeatureState(featureOf(first !== undefined, latest.current.selected), { selected: true })
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
    if (!map || !ready.current || tiled) return
    ;(map.getSource("areas") as GeoJSONSource | undefined)?.setData(collection(areas))
    map.fitBounds(boundsOf(areas), { padding: 24, maxZoom: 16, duration: 0 })
  }, [areas, tiled])

  // Tiles: the fields shown filtered, and framed, once the person pauses (a filter of 30,000
  // fields is built and checked at once: not at every key typed).
  const shown = tiles?.shown
  const bounds = tiles?.bounds
  useEffect(() => {
    if (shown === undefined) return
    const timer = setTimeout(() => {
      const map = mapRef.current
      if (!map || !ready.current) return
      const filter = shownFilter(shown)
      for (const id of ["areas-fill", "areas-line"]) map.setFilter(id, filter)
      const points = latest.current.tiles?.points
      if (points) setPoints(map, farCollections(points(), latest.current.selected))
      if (bounds) map.fitBounds(asBounds(bounds), { padding: 24, maxZoom: 16, duration: 0 })
    }, filterPause)
    return () => clearTimeout(timer)
  }, [shown, bounds])

  // The chosen areas filled, the view left where the person put it.
  const marked = useRef<ReadonlyArray<string>>([])
  useEffect(() => {
    const map = mapRef.current
    if (!map || !ready.current) return
    markChosen(map, marked.current, chosen ?? [])
    marked.current = chosen ?? []
  }, [chosen])

  // The groups' counts written as the person's language writes numbers.
  useEffect(() => {
    const map = mapRef.current
    if (!map || !ready.current || !map.getLayer("points-count")) return
    map.setLayoutProperty("points-count", "icon-image", countImageExpression(locale))
  }, [locale])

  // New colours painted.
  useEffect(() => {
    const map = mapRef.current
    if (!map || !ready.current) return
    map.setPaintProperty("areas-fill", "fill-color", fillColor(colors))
    map.setPaintProperty("areas-fill", "fill-opacity", fillOpacity(colors))
  }, [colors])

  // The selected area outlined and framed.
  const previous = useRef<string | null>(null)
  useEffect(() => {
    const map = mapRef.current
    if (!map || !ready.current) return
    const t = latest.current.tiles
    if (previous.current)
      map.setFeatureState(featureOf(t !== undefined, previous.current), { selected: false })
    const changed = previous.current !== (selected ?? null)
    previous.current = selected ?? null
    // Far out, the selected field's point leaves its group (and goes back to it when unselected).
    if (changed && t?.points) setPoints(map, farCollections(t.points(), selected))
    if (!selected) return
    map.setFeatureState(featureOf(t !== undefined, selected), { selected: true })
    const box = t ? t.boxOf(selected) : undefined
    const area = t ? undefined : latest.current.areas.find((a) => a.id === selected)
    if (box) map.fitBounds(asBounds(box), { padding: 48, maxZoom: 17, duration: 300 })
    else if (area) map.fitBounds(boundsOf([area]), { padding: 48, maxZoom: 17, duration: 300 })
  }, [selected])

  return (
    <Box pos="relative">
      <Box
        ref={container}
        h={height}
        role="region"
        aria-label={LL.fields.map.label()}
        data-basemap={customStyleUrl() ? "custom" : fallback ? "bundled" : "ign"}
        style={{ borderRadius: 8, overflow: "hidden" }}
      />
      <BasemapOverlay map={() => mapRef.current} fallback={fallback} />
    </Box>
  )
}
export default FieldsMap
