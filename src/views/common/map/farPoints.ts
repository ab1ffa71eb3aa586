import type { Feature, FeatureCollection } from "geojson"
import type { ExpressionSpecification, Map as MapLibre } from "maplibre-gl"

/**
 * The far view of many fields (below the outlines' zoom): each field a point, grouped into discs
 * where they crowd, each disc saying how many fields it holds; the selected field apart from the
 * groups, larger and in the selection's blue, above them.
 */

/** Fields as points: `ids[i]` at `lngLat[2i]`, `lngLat[2i + 1]`. */
export interface FieldPoints {
  readonly ids: ReadonlyArray<string>
  readonly lngLat: ArrayLike<number>
}

/** What the far view asks of the map (MapLibre's, or a stand-in in tests). */
export type PointsMap = Pick<
  MapLibre,
  "addSource" | "addLayer" | "setMissingStyleImageResolver" | "hasImage" | "addImage"
>

/** The groups' and lone points' amber, their darker ring, the count's near-black (10:1 on amber). */
export const pointColor = "#f0b429"
export const pointRing = "#7a4d00"
export const countColor = "#1f1400"
/** The count's halo in the disc's own amber: unseen on the disc, legible over the selected blue dot. */
export const countHalo = pointColor
/** The selected field: the blue of its outline closer in, ringed white to stand out of the basemap. */
export const selectedColor = "#1c7ed6"
export const selectedRing = "#ffffff"

/**
 * The disc of a group by how many fields it holds: from `from` fields on, a disc of `radius` px
 * (its count fits inside at `font` px). Five sizes, the largest for tens of thousands.
 */
export const groupSizes = [
  { from: 2, radius: 11, font: 12 },
  { from: 10, radius: 13, font: 12 },
  { from: 100, radius: 16, font: 12 },
  { from: 1000, radius: 23, font: 12 },
  { from: 10_000, radius: 28, font: 12 },
] as const

/** The disc's size for `count` fields. */
export const groupSize = (count: number) =>
  groupSizes.reduce<(typeof groupSizes)[number]>((size, s) => (count >= s.from ? s : size), groupSizes[0])

/** The disc's radius as a MapLibre expression of the group's `point_count`. */
export const groupRadius = (): ExpressionSpecification => [
  "step",
  ["get", "point_count"],
  groupSizes[0].radius,
  ...groupSizes.slice(1).flatMap((s) => [s.from, s.radius]),
]

/** The name of the image that holds the count `n` written in `locale`. */
export const countImageName = (locale: string, n: number) => `sillon-count:${locale}:${n}`

/** The count's image of each group, by name (drawn when first asked for: `countImage`). */
export const countImageExpression = (locale: string): ExpressionSpecification => [
  "concat",
  `sillon-count:${locale}:`,
  ["to-string", ["get", "point_count"]],
]

/** The count named by an image name of `countImageName`, or null for another image. */
export const countOfImage = (name: string): { locale: string; count: number } | null => {
  const match = /^sillon-count:([a-zA-Z-]+):(\d+)$/.exec(name)
  return match ? { locale: match[1] ?? "fr", count: Number(match[2]) } : null
}

/** The count as the locale writes it ("12 345" in French, "12,345" in English). */
export const countLabel = (locale: string, n: number) => new Intl.NumberFormat(locale).format(n)

/** A drawing surface of the browser's (a canvas's 2D context). */
export interface Pen {
  font: string
  fillStyle: string | CanvasGradient | CanvasPattern
  textAlign: CanvasTextAlign
  textBaseline: CanvasTextBaseline
  measureText: (text: string) => { width: number }
  fillText: (text: string, x: number, y: number) => void
  strokeStyle: string | CanvasGradient | CanvasPattern
  lineWidth: number
  lineJoin: CanvasLineJoin
  strokeText: (text: string, x: number, y: number) => void
  scale: (x: number, y: number) => void
  getImageData: (x: number, y: number, w: number, h: number) => ImageData
}

/**
 * The count `n` drawn as an image (no glyph server: the browser's own fonts on a canvas), at
 * `pixelRatio` device pixels a CSS pixel; `canvas` gives a blank canvas of a size.
 */
export const countImage = (
  locale: string,
  n: number,
  pixelRatio: number,
  canvas: (width: number, height: number) => Pen | null,
): { image: ImageData; pixelRatio: number } | null => {
  const text = countLabel(locale, n)
  const { font: size } = groupSize(n)
  const font = `700 ${size}px system-ui, "DejaVu Sans", Arial, sans-serif`
  const measure = canvas(1, 1)
  if (measure === null) return null
  measure.font = font
  const width = Math.ceil(measure.measureText(text).width) + 4
  const height = Math.ceil(size * 1.3)
  const ratio = Math.max(1, Math.round(pixelRatio))
  const pen = canvas(width * ratio, height * ratio)
  if (pen === null) return null
  pen.scale(ratio, ratio)
  pen.font = font
  // A light halo: the count stays legible where the selected field's blue dot lies under it.
  pen.strokeStyle = countHalo
  pen.lineWidth = 3
  pen.lineJoin = "round"
  pen.strokeText(text, width / 2, height / 2 + 0.5)
  pen.fillStyle = countColor
  pen.textAlign = "center"
  pen.textBaseline = "middle"
  pen.fillText(text, width / 2, height / 2 + 0.5)
  return { image: pen.getImageData(0, 0, width * ratio, height * ratio), pixelRatio: ratio }
}

/** A blank canvas's pen in the page (null where there is no 2D canvas). */
export const pagePen = (width: number, height: number): Pen | null => {
  const canvas = document.createElement("canvas")
  canvas.width = width
  canvas.height = height
  return canvas.getContext("2d", { willReadFrequently: true })
}

/**
 * The points split: every field but the selected one (grouped where they crowd), and the selected
 * one alone (empty when there is none, or when it is not among the points: filtered out).
 */
export const farCollections = (
  { ids, lngLat }: FieldPoints,
  selected: string | null | undefined,
): { others: FeatureCollection; selected: FeatureCollection } => {
  const others: Array<Feature> = []
  const chosen: Array<Feature> = []
  for (let i = 0; i < ids.length; i++) {
    const id = ids[i] ?? ""
    const feature: Feature = {
      type: "Feature",
      geometry: { type: "Point", coordinates: [lngLat[2 * i] ?? 0, lngLat[2 * i + 1] ?? 0] },
      properties: { id },
    }
    ;(id === selected ? chosen : others).push(feature)
  }
  return {
    others: { type: "FeatureCollection", features: others },
    selected: { type: "FeatureCollection", features: chosen },
  }
}

/**
 * The fields as points below `until`: grouped where they crowd (a disc growing with how many
 * it holds, the count written on it), alone as a dot, and the selected one apart, above the discs
 * and dots (only the counts over it, haloed so they stay legible);
 * above the areas' layers, which take over from `until`. The counts are images drawn on a
 * canvas when a count first shows (the map's resolver of missing images), not text: MapLibre's
 * text needs a glyph server, which the app does without (offline). One image per distinct count in view, made once:
 * a few dozen at a time, however many fields (HTML markers would be moved at every frame).
 */
export const addPoints = (
  map: PointsMap,
  data: { others: FeatureCollection; selected: FeatureCollection },
  { locale, until, distance }: { locale: string; until: number; distance: number },
) => {
  map.addSource("points", {
    type: "geojson",
    data: data.others,
    cluster: true,
    clusterRadius: distance,
    clusterMaxZoom: until - 1,
    maxzoom: until,
  })
  map.addSource("points-selected", { type: "geojson", data: data.selected })
  map.addLayer({
    id: "points-group",
    type: "circle",
    source: "points",
    maxzoom: until,
    filter: ["has", "point_count"],
    paint: {
      "circle-color": pointColor,
      "circle-opacity": 0.9,
      "circle-radius": groupRadius(),
      "circle-stroke-color": pointRing,
      "circle-stroke-width": 1,
    },
  })
  map.addLayer({
    id: "points-one",
    type: "circle",
    source: "points",
    maxzoom: until,
    filter: ["!", ["has", "point_count"]],
    paint: {
      "circle-color": pointColor,
      "circle-radius": 5,
      "circle-stroke-color": pointRing,
      "circle-stroke-width": 1,
    },
  })
  map.addLayer({
    id: "points-selected",
    type: "circle",
    source: "points-selected",
    maxzoom: until,
    paint: {
      "circle-color": selectedColor,
      "circle-radius": 9,
      "circle-stroke-color": selectedRing,
      "circle-stroke-width": 2.5,
    },
  })
  map.addLayer({
    id: "points-count",
    type: "symbol",
    source: "points",
    maxzoom: until,
    filter: ["has", "point_count"],
    layout: {
      "icon-image": countImageExpression(locale),
      "icon-allow-overlap": true,
      "icon-ignore-placement": true,
    },
  })
}

/** Draws a group's count when the map first asks for its image. */
export const drawCounts = (
  map: PointsMap,
  canvas: (width: number, height: number) => Pen | null = pagePen,
) => {
  map.setMissingStyleImageResolver((id) => {
    const wanted = countOfImage(id)
    if (wanted === null || map.hasImage(id)) return
    const drawn = countImage(wanted.locale, wanted.count, globalThis.devicePixelRatio || 1, canvas)
    if (drawn) map.addImage(id, drawn.image, { pixelRatio: drawn.pixelRatio })
  })
}
