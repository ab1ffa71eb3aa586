import { Box } from "@mantine/core"
import { type LngLatBoundsLike, Map as MapLibre, Marker, setWorkerUrl } from "maplibre-gl"
import "maplibre-gl/dist/maplibre-gl.css"
import workerUrl from "maplibre-gl/dist/maplibre-gl-worker.mjs?url"
import { useEffect, useRef, useState } from "react"
import { useI18nContext } from "../../i18n/i18n-react"
import { BasemapOverlay } from "../common/map/BasemapOverlay"
import { basemapStyle, customStyleUrl, watchBasemap } from "../common/map/basemap"
import type { MapProps } from "./GeolocPage"
import type { ShownMachine } from "./positions"

setWorkerUrl(workerUrl)

/** Metropolitan France, framed before any machine has a position. */
const france: LngLatBoundsLike = [
  [-5.2, 41.3],
  [9.6, 51.1],
]

/** A marker's look: the machine's name under a dot, green while it moves; `stacked`: names above it at the same spot. */
const paint = (element: HTMLElement, m: ShownMachine, moving: boolean, label: string, stacked: number) => {
  element.dataset.machine = m.id
  element.dataset.lng = String(m.position?.lng ?? "")
  element.dataset.lat = String(m.position?.lat ?? "")
  element.dataset.moving = String(moving)
  element.setAttribute("aria-label", label)
  element.title = m.name
  const dot = element.firstElementChild as HTMLElement
  dot.style.background = moving ? "#2b8a3e" : "#1c5d99"
  const name = element.lastElementChild as HTMLElement
  name.textContent = m.name
  // Machines parked together (the yard) each keep a readable name, one under the other.
  name.style.transform = stacked === 0 ? "" : `translateY(${stacked * 19}px)`
}

/** The same spot, to about ten metres: machines there share a dot, their names stacked. */
const spotOf = (lng: number, lat: number) => `${lng.toFixed(4)},${lat.toFixed(4)}`

const markerElement = () => {
  const element = document.createElement("button")
  element.type = "button"
  element.className = "sillon-machine-marker"
  Object.assign(element.style, {
    display: "flex",
    flexDirection: "column",
    alignItems: "center",
    gap: "2px",
    padding: "0",
    border: "0",
    background: "transparent",
    cursor: "pointer",
  })
  const dot = document.createElement("span")
  Object.assign(dot.style, {
    width: "18px",
    height: "18px",
    borderRadius: "50%",
    border: "3px solid #ffffff",
    boxShadow: "0 0 0 1px #1a1b1e",
  })
  const name = document.createElement("span")
  Object.assign(name.style, {
    font: "600 12px/1.3 system-ui, sans-serif",
    color: "#1a1b1e",
    background: "#ffffff",
    padding: "0 4px",
    borderRadius: "4px",
    whiteSpace: "nowrap",
  })
  element.append(dot, name)
  return element
}

/**
 * The machines with a position as markers on the basemap (IGN, or the bundled one offline); a
 * click opens the machine. Framed once, on the first positions: live moves leave the view where
 * the person put it.
 */
export const GeolocMap = ({ machines, now, moving, onOpen, height }: MapProps) => {
  const { LL } = useI18nContext()
  const container = useRef<HTMLDivElement>(null)
  const mapRef = useRef<MapLibre | null>(null)
  const markers = useRef(new Map<string, Marker>())
  const framed = useRef(false)
  const [fallback, setFallback] = useState(false)
  const [loaded, setLoaded] = useState(false)
  const open = useRef(onOpen)
  open.current = onOpen

  useEffect(() => {
    if (!container.current) return
    const map = new MapLibre({
      container: container.current,
      style: basemapStyle("ortho"),
      bounds: france,
      attributionControl: { compact: true },
    })
    mapRef.current = map
    watchBasemap(map, () => setFallback(true))
    map.once("load", () => setLoaded(true))
    const kept = markers.current
    return () => {
      for (const marker of kept.values()) marker.remove()
      kept.clear()
      mapRef.current = null
      map.remove()
    }
  }, [])

  // Markers follow the machines: added, moved, repainted, removed.
  useEffect(() => {
    const map = mapRef.current
    if (!map) return
    const placed = machines.filter((m) => m.position !== null)
    const seen = new Set<string>()
    const atSpot = new Map<string, number>()
    for (const m of placed) {
      const position = m.position
      if (position === null) continue
      seen.add(m.id)
      let marker = markers.current.get(m.id)
      if (marker === undefined) {
        const element = markerElement()
        element.addEventListener("click", (event) => {
          event.stopPropagation()
          open.current(element.dataset.machine ?? "")
        })
        marker = new Marker({ element, anchor: "top", offset: [0, -9] }).setLngLat([
          position.lng,
          position.lat,
        ])
        marker.addTo(map)
        markers.current.set(m.id, marker)
      } else marker.setLngLat([position.lng, position.lat])
      const spot = spotOf(position.lng, position.lat)
      const stacked = atSpot.get(spot) ?? 0
      atSpot.set(spot, stacked + 1)
      paint(marker.getElement(), m, moving(m, now), LL.geoloc.open({ name: m.name }), stacked)
    }
    for (const [id, marker] of markers.current)
      if (!seen.has(id)) {
        marker.remove()
        markers.current.delete(id)
      }
    if (!framed.current && placed.length > 0 && loaded) {
      framed.current = true
      const lngs = placed.map((m) => m.position?.lng ?? 0)
      const lats = placed.map((m) => m.position?.lat ?? 0)
      map.fitBounds(
        [
          [Math.min(...lngs), Math.min(...lats)],
          [Math.max(...lngs), Math.max(...lats)],
        ],
        { padding: 64, maxZoom: 15, duration: 0 },
      )
    }
  }, [machines, now, moving, loaded, LL])

  return (
    <Box pos="relative">
      <Box
        ref={container}
        h={height}
        role="region"
        aria-label={LL.geoloc.map()}
        data-basemap={customStyleUrl() ? "custom" : fallback ? "bundled" : "ign"}
        data-markers={machines.filter((m) => m.position !== null).length}
        style={{ borderRadius: 8, overflow: "hidden" }}
      />
      <BasemapOverlay map={() => mapRef.current} fallback={fallback} />
    </Box>
  )
}
export default GeolocMap
