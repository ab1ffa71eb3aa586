import { Box, Button, Stack, Text } from "@mantine/core"
import { Map as MapLibre, setWorkerUrl } from "maplibre-gl"
import "maplibre-gl/dist/maplibre-gl.css"
import workerUrl from "maplibre-gl/dist/maplibre-gl-worker.mjs?url"
import { useEffect, useRef } from "react"
import { TerraDraw, TerraDrawPolygonMode } from "terra-draw"
import { TerraDrawMapLibreGLAdapter } from "terra-draw-maplibre-gl-adapter"
import { useI18nContext } from "../../i18n/i18n-react"
import type { BookingGeometry } from "../../schema/booking"

setWorkerUrl(workerUrl)

/** Works offline: a plain background, the drawn area on top (no tiles to fetch). */
const plainStyle = {
  version: 8 as const,
  sources: {},
  layers: [{ id: "background", type: "background" as const, paint: { "background-color": "#e8f0e0" } }],
}
const france: [number, number] = [2.35, 46.6]

const ringCentre = (g: BookingGeometry | null): [number, number] => {
  const ring = g?.coordinates[0]
  if (ring === undefined || ring.length === 0) return france
  const lng = ring.reduce((s, p) => s + p[0], 0) / ring.length
  const lat = ring.reduce((s, p) => s + p[1], 0) / ring.length
  return [lng, lat]
}

/**
 * Draw a booking's area on a map (MapLibre + terra-draw): tap the corners, close on the first;
 * a new area replaces the previous one. Loaded only when the person opens "Dessiner la zone".
 */
const GeometryDrawer = ({
  value,
  onChange,
}: {
  value: BookingGeometry | null
  onChange: (geometry: BookingGeometry | null) => void
}) => {
  const { LL } = useI18nContext()
  const container = useRef<HTMLDivElement>(null)
  const drawRef = useRef<TerraDraw | null>(null)
  const initial = useRef(value)
  const changed = useRef(onChange)
  changed.current = onChange
  useEffect(() => {
    if (container.current === null) return
    const map = new MapLibre({
      container: container.current,
      style: plainStyle,
      center: ringCentre(initial.current),
      zoom: initial.current === null ? 5 : 14,
    })
    let draw: TerraDraw | null = null
    map.on("load", () => {
      draw = new TerraDraw({
        adapter: new TerraDrawMapLibreGLAdapter({ map }),
        modes: [new TerraDrawPolygonMode()],
      })
      draw.start()
      draw.setMode("polygon")
      const start = initial.current
      if (start !== null)
        draw.addFeatures([
          {
            type: "Feature",
            geometry: {
              type: "Polygon",
              coordinates: start.coordinates.map((r) => r.map((p) => [p[0], p[1]])),
            },
            properties: { mode: "polygon" },
          },
        ])
      draw.on("finish", (id) => {
        const feature = draw?.getSnapshotFeature(id)
        if (feature?.geometry.type !== "Polygon") return
        for (const other of draw?.getSnapshot() ?? [])
          if (other.id !== id) draw?.removeFeatures([other.id as string])
        const coordinates = feature.geometry.coordinates.map((ring) =>
          ring.map((p) => [p[0] as number, p[1] as number] as const),
        )
        changed.current({ type: "Polygon", coordinates })
      })
      drawRef.current = draw
    })
    return () => {
      draw?.stop()
      drawRef.current = null
      map.remove()
    }
  }, [])
  return (
    <Stack gap="xs">
      <Text size="sm">{LL.booking.form.mapHelp()}</Text>
      <Box ref={container} h={320} style={{ borderRadius: 8, overflow: "hidden" }} />
      <Button
        variant="default"
        size="md"
        onClick={() => {
          drawRef.current?.clear()
          onChange(null)
        }}
      >
        {LL.booking.form.clearArea()}
      </Button>
    </Stack>
  )
}
export default GeometryDrawer
