import { Box, Button, Group, Stack, Text } from "@mantine/core"
import area from "@turf/area"
import type { Polygon, Position } from "geojson"
import { type LngLatBoundsLike, Map as MapLibre, setWorkerUrl } from "maplibre-gl"
import "maplibre-gl/dist/maplibre-gl.css"
import workerUrl from "maplibre-gl/dist/maplibre-gl-worker.mjs?url"
import { useEffect, useRef, useState } from "react"
import { type SnappableContext, TerraDraw, type TerraDrawMouseEvent, TerraDrawPolygonMode } from "terra-draw"
import { TerraDrawMapLibreGLAdapter } from "terra-draw-maplibre-gl-adapter"
import { useI18nContext } from "../../i18n/i18n-react"
import type { FieldGeometry } from "../../schema/field"
import { BasemapOverlay } from "../common/map/BasemapOverlay"
import { basemapStyle, watchBasemap } from "../common/map/basemap"
import type { MapArea } from "../common/map/FieldsMap"
import { formatArea } from "./format"

setWorkerUrl(workerUrl)

/** How near (pixels) a tap must be to a neighbouring field's corner to land on it. */
const snapPixels = 14

const cornersOf = (areas: ReadonlyArray<MapArea>): Array<readonly [number, number]> =>
  areas.flatMap((a) =>
    (a.geometry.type === "Polygon" ? [a.geometry.coordinates] : a.geometry.coordinates).flatMap((rings) =>
      rings.flatMap((ring) => ring.map(([x, y]) => [x, y] as const)),
    ),
  )

const boundsOf = (corners: ReadonlyArray<readonly [number, number]>): LngLatBoundsLike | undefined => {
  if (corners.length === 0) return undefined
  const xs = corners.map((c) => c[0])
  const ys = corners.map((c) => c[1])
  return [
    [Math.min(...xs), Math.min(...ys)],
    [Math.max(...xs), Math.max(...ys)],
  ]
}

/**
 * Drawing a field on the map (terra-draw): tap its corners and close on the first (a tap near a
 * neighbouring field's corner lands on it), drag a corner to move it; "Tracer un trou" then draws a
 * hole inside. The live area shows as it is drawn (geodesic; the server measures as Telepac does).
 * Loaded only with the drawing tab.
 */
const FieldDrawer = ({
  neighbours,
  onChange,
}: {
  neighbours: ReadonlyArray<MapArea>
  onChange: (geometry: FieldGeometry | null) => void
}) => {
  const { LL, locale } = useI18nContext()
  const container = useRef<HTMLDivElement>(null)
  const drawRef = useRef<TerraDraw | null>(null)
  const mapRef = useRef<MapLibre | null>(null)
  const changed = useRef(onChange)
  changed.current = onChange
  const parts = useRef<{ outer: string | null; holes: Array<string>; holeNext: boolean }>({
    outer: null,
    holes: [],
    holeNext: false,
  })
  const [ready, setReady] = useState(false)
  const [fallback, setFallback] = useState(false)
  const [holeNext, setHoleNext] = useState(false)
  const [hectares, setHectares] = useState<number | null>(null)
  const initialNeighbours = useRef(neighbours)

  useEffect(() => {
    if (container.current === null) return
    const corners = cornersOf(initialNeighbours.current)
    const bounds = boundsOf(corners)
    const map = new MapLibre({
      container: container.current,
      style: basemapStyle("ortho"),
      ...(bounds
        ? { bounds, fitBoundsOptions: { padding: 24, maxZoom: 16 } }
        : { center: [2.35, 46.6] as [number, number], zoom: 5 }),
      attributionControl: { compact: true },
    })
    mapRef.current = map
    watchBasemap(map, () => setFallback(true))

    /** The outline and its holes as one polygon, from what is drawn now. */
    const emit = () => {
      const draw = drawRef.current
      const { outer, holes } = parts.current
      const ring = (id: string | null) => {
        const feature = id === null ? undefined : draw?.getSnapshotFeature(id)
        return feature?.geometry.type === "Polygon"
          ? (feature.geometry.coordinates[0] as Array<Position>)
          : undefined
      }
      const shell = ring(outer)
      if (!shell) {
        setHectares(null)
        return changed.current(null)
      }
      const inner = holes.map(ring).filter((r): r is Array<Position> => r !== undefined)
      const polygon: Polygon = { type: "Polygon", coordinates: [shell, ...inner] }
      setHectares(area(polygon) / 10_000)
      changed.current({
        type: "Polygon",
        coordinates: polygon.coordinates.map((r) => r.map(([x = 0, y = 0]) => [x, y] as const)),
      })
    }

    const snap = (event: TerraDrawMouseEvent, context: SnappableContext): Position | undefined => {
      let best: readonly [number, number] | undefined
      let bestDistance = snapPixels
      for (const corner of corners) {
        const { x, y } = context.project(corner[0], corner[1])
        const distance = Math.hypot(x - event.containerX, y - event.containerY)
        if (distance < bestDistance) {
          best = corner
          bestDistance = distance
        }
      }
      return best ? [best[0], best[1]] : undefined
    }

    map.on("load", () => {
      map.addSource("neighbours", {
        type: "geojson",
        data: {
          type: "FeatureCollection",
          features: initialNeighbours.current.map((a) => ({
            type: "Feature" as const,
            geometry: a.geometry as never,
            properties: { name: a.name },
          })),
        },
      })
      map.addLayer({
        id: "neighbours",
        type: "line",
        source: "neighbours",
        paint: { "line-color": "#7a4d00", "line-width": 1.5, "line-dasharray": [2, 1] },
      })
      const draw = new TerraDraw({
        adapter: new TerraDrawMapLibreGLAdapter({ map }),
        modes: [
          new TerraDrawPolygonMode({ editable: true, snapping: { toCoordinate: true, toCustom: snap } }),
        ],
      })
      draw.start()
      draw.setMode("polygon")
      draw.on("finish", (id, context) => {
        if (context.action !== "draw") return emit()
        const p = parts.current
        const key = String(id)
        if (p.outer !== null && p.holeNext) {
          p.holes.push(key)
          p.holeNext = false
          setHoleNext(false)
        } else {
          // A new outline replaces the one drawn before, and its holes.
          const old = [p.outer, ...p.holes].filter((x): x is string => x !== null)
          if (old.length > 0) draw.removeFeatures(old)
          p.outer = key
          p.holes = []
        }
        emit()
      })
      drawRef.current = draw
      setReady(true)
    })
    return () => {
      drawRef.current?.stop()
      drawRef.current = null
      mapRef.current = null
      map.remove()
    }
  }, [])

  const clear = () => {
    drawRef.current?.clear()
    parts.current = { outer: null, holes: [], holeNext: false }
    setHoleNext(false)
    setHectares(null)
    changed.current(null)
  }

  return (
    <Stack gap="xs">
      <Text size="sm">{LL.fields.draw.help()}</Text>
      <Box pos="relative">
        <Box
          ref={container}
          h="min(60vh, 460px)"
          role="region"
          aria-label={LL.fields.draw.map()}
          data-ready={ready || undefined}
          style={{ borderRadius: 8, overflow: "hidden" }}
        />
        <BasemapOverlay map={() => mapRef.current} fallback={fallback} />
      </Box>
      <Text fw={600} aria-live="polite">
        {hectares === null
          ? LL.fields.draw.nothing()
          : LL.fields.draw.area({ area: formatArea(hectares, locale) })}
      </Text>
      <Group>
        <Button
          variant={holeNext ? "filled" : "default"}
          disabled={hectares === null}
          aria-pressed={holeNext}
          onClick={() => {
            parts.current.holeNext = !parts.current.holeNext
            setHoleNext(parts.current.holeNext)
          }}
        >
          {LL.fields.draw.hole()}
        </Button>
        <Button variant="default" onClick={clear}>
          {LL.fields.draw.clear()}
        </Button>
      </Group>
    </Stack>
  )
}
export default FieldDrawer
