import { DOMParser, type Element } from "@xmldom/xmldom"
import type { MultiPolygon, Polygon, Position } from "geojson"
import { parseDbf, parseShp } from "shpjs"
import { extensionOf, unzip } from "./archive"
import { type Candidate, ImportRefused, type Parsed, type Srid } from "./candidate"
import { decodeText } from "./text"

type Row = Record<string, unknown>

const text = (value: unknown) => (value === undefined || value === null ? "" : String(value).trim())
const numberOr = (value: unknown) => {
  const n = typeof value === "number" ? value : Number(text(value).replace(",", "."))
  return text(value) !== "" && Number.isFinite(n) ? n : null
}

/** Lambert-93's coordinates over metropolitan France and its margins (metres). */
const inLambert93 = ([x = 0, y = 0]: Position) =>
  x > -400_000 && x < 1_600_000 && y > 5_900_000 && y < 7_300_000
const inLonLat = ([x = 0, y = 0]: Position) => Math.abs(x) <= 180 && Math.abs(y) <= 90

const firstPosition = (geometry: Polygon | MultiPolygon): Position =>
  (geometry.type === "Polygon" ? geometry.coordinates[0]?.[0] : geometry.coordinates[0]?.[0]?.[0]) ?? [0, 0]

/** Without a .prj: Lambert-93 when the coordinates are in its range (Telepac), degrees when they are, else refused. */
export const sridOf = (geometry: Polygon | MultiPolygon): Srid => {
  const p = firstPosition(geometry)
  if (inLonLat(p)) return 4326
  if (inLambert93(p)) return 2154
  throw new ImportRefused("importFormat")
}

export interface ShapefileLayer {
  readonly name: string
  readonly shapes: ReadonlyArray<{ readonly type: string; readonly coordinates: unknown } | null>
  readonly rows: ReadonlyArray<Row>
  /** True when a .prj named the coordinate system: shpjs brought the coordinates to WGS 84. */
  readonly projected: boolean
}

/** Every shapefile in an unzipped archive, in any folder, with its attributes. */
export const shapefileLayers = (
  files: Readonly<Record<string, Uint8Array>>,
): ReadonlyArray<ShapefileLayer> => {
  const byBase = new Map<string, Record<string, Uint8Array>>()
  for (const [path, bytes] of Object.entries(files)) {
    const ext = extensionOf(path)
    const base = path.slice(0, path.length - ext.length - 1)
    byBase.set(base, { ...byBase.get(base), [ext]: bytes })
  }
  return [...byBase.entries()].flatMap(([base, parts]) => {
    if (!parts.shp) return []
    const prj = parts.prj ? new TextDecoder().decode(parts.prj) : undefined
    const cpg = parts.cpg ? new TextDecoder().decode(parts.cpg).trim() : "windows-1252"
    try {
      const shapes = parseShp(parts.shp, prj) as ShapefileLayer["shapes"]
      const rows = parts.dbf ? (parseDbf(parts.dbf, cpg) as ReadonlyArray<Row>) : []
      return [{ name: base.split("/").pop() ?? base, shapes, rows, projected: prj !== undefined }]
    } catch {
      throw new ImportRefused("importFormat")
    }
  })
}

const isArea = (shape: ShapefileLayer["shapes"][number]): shape is Polygon | MultiPolygon =>
  shape !== null && (shape.type === "Polygon" || shape.type === "MultiPolygon")

const telepacColumns = ["NUMERO_I", "NUMERO_P"]

/** A Telepac "parcelles" export: a zipped shapefile whose table names îlot and parcel numbers. */
export const parseTelepacShapefile = (bytes: Uint8Array): Parsed => {
  const layers = shapefileLayers(unzip(bytes)).filter(
    (layer) => layer.rows.length > 0 && telepacColumns.every((column) => column in (layer.rows[0] ?? {})),
  )
  if (layers.length === 0) throw new ImportRefused("notTelepacExport")
  const candidates = layers.flatMap((layer) =>
    layer.shapes.flatMap((shape, i): Array<Candidate> => {
      if (!isArea(shape)) return []
      const row = layer.rows[i] ?? {}
      const island = text(row.NUMERO_I)
      const parcel = text(row.NUMERO_P)
      return [
        {
          name: `${island}.${parcel}`,
          geometry: shape,
          srid: layer.projected ? 4326 : sridOf(shape),
          crop: text(row.TYPE) || null,
          pac: {
            campaign: numberOr(row.CAMPAGNE),
            pacage: text(row.PACAGE) || null,
            island,
            parcel,
            declaredAreaHa: numberOr(row.SURF),
          },
        },
      ]
    }),
  )
  return { format: "telepacShapefile", candidates, skipped: { points: 0, lines: 0 } }
}

// --- Telepac XML (the "echange-producteur" export and the "echange-producteur-import" schema) ---

const telepacNamespace = /^urn:x-telepac:fr\.gouv\.agriculture\.telepac:echange-producteur(-import)?$/

const children = (element: Element, localName: string): Array<Element> => {
  const found: Array<Element> = []
  for (let node = element.firstChild; node; node = node.nextSibling)
    if (node.nodeType === 1 && (node as Element).localName === localName) found.push(node as Element)
  return found
}
const descendants = (element: Element, localName: string): Array<Element> =>
  Array.from(element.getElementsByTagNameNS("*", localName))
const child = (element: Element, localName: string) => children(element, localName)[0]

/** GML 2 `coordinates` ("x,y x,y …") or GML 3 `posList` ("x y x y …") of a ring. */
const ringOf = (ring: Element): Array<Position> => {
  const coordinates = descendants(ring, "coordinates")[0]
  if (coordinates) {
    return (coordinates.textContent ?? "")
      .trim()
      .split(/\s+/)
      .map((pair) => pair.split(",").map(Number))
      .filter((p) => p.length >= 2 && p.every(Number.isFinite))
      .map(([x = 0, y = 0]) => [x, y])
  }
  const numbers = (descendants(ring, "posList")[0]?.textContent ?? "").trim().split(/\s+/).map(Number)
  const positions: Array<Position> = []
  for (let i = 0; i + 1 < numbers.length; i += 2) positions.push([numbers[i] ?? 0, numbers[i + 1] ?? 0])
  return positions
}

const polygonOf = (polygon: Element): Position[][] => {
  const outer = [...children(polygon, "outerBoundaryIs"), ...children(polygon, "exterior")]
  const inner = [...children(polygon, "innerBoundaryIs"), ...children(polygon, "interior")]
  return [...outer, ...inner].map(ringOf).filter((ring) => ring.length > 0)
}

/** The area a `geometrie` element holds: one polygon, or several. */
const geometryOf = (geometrie: Element | undefined): Polygon | MultiPolygon | null => {
  if (!geometrie) return null
  const polygons = descendants(geometrie, "Polygon")
    .map(polygonOf)
    .filter((p) => p.length > 0)
  if (polygons.length === 0) return null
  return polygons.length === 1
    ? { type: "Polygon", coordinates: polygons[0] ?? [] }
    : { type: "MultiPolygon", coordinates: polygons }
}

const parseXml = (source: string) => {
  // No document type: an XML file that declares entities is refused, not expanded.
  if (/<!DOCTYPE/i.test(source)) throw new ImportRefused("importFormat")
  let failed = false
  const document = new DOMParser({
    onError: (level) => {
      if (level !== "warning") failed = true
    },
  }).parseFromString(source, "text/xml")
  if (failed || !document.documentElement) throw new ImportRefused("importFormat")
  return document.documentElement
}

/** Whether a text is a Telepac XML exchange file (export or import schema). */
export const isTelepacXml = (source: string) =>
  /<producteurs[\s>]/.test(source) &&
  /urn:x-telepac:fr\.gouv\.agriculture\.telepac:echange-producteur/.test(source)

/** A Telepac XML file: its parcels named "îlot.parcelle", an îlot without parcel outlines by its own. */
export const parseTelepacXml = (bytes: Uint8Array): Parsed => {
  const root = parseXml(decodeText(bytes))
  if (root.localName !== "producteurs" || !telepacNamespace.test(root.namespaceURI ?? ""))
    throw new ImportRefused("notTelepacExport")
  const candidates: Array<Candidate> = []
  for (const producer of children(root, "producteur")) {
    const pacage = producer.getAttribute("numero-pacage") || null
    const campaign = numberOr(producer.getAttribute("campagne"))
    for (const island of descendants(producer, "ilot")) {
      const islandNumber = island.getAttribute("numero-ilot") ?? ""
      const parcels = descendants(island, "parcelle")
      const outlined = parcels.flatMap((parcel): Array<Candidate> => {
        const geometry = geometryOf(child(parcel, "geometrie"))
        if (!geometry) return []
        const description = child(parcel, "descriptif-parcelle")
        const parcelNumber = description?.getAttribute("numero-parcelle") ?? ""
        const crop = text(description ? descendants(description, "code-culture")[0]?.textContent : "")
        // Telepac states the eligible area in ares.
        const ares = numberOr(descendants(parcel, "surface-admissible")[0]?.textContent)
        return [
          {
            name: `${islandNumber}.${parcelNumber}`,
            geometry,
            srid: sridOf(geometry),
            crop: crop || null,
            pac: {
              campaign,
              pacage,
              island: islandNumber,
              parcel: parcelNumber,
              declaredAreaHa: ares === null ? null : ares / 100,
            },
          },
        ]
      })
      if (outlined.length > 0) candidates.push(...outlined)
      else {
        const geometry = geometryOf(child(island, "geometrie"))
        if (geometry)
          candidates.push({
            name: islandNumber,
            geometry,
            srid: sridOf(geometry),
            crop: null,
            pac: { campaign, pacage, island: islandNumber, parcel: "", declaredAreaHa: null },
          })
      }
    }
  }
  return { format: "telepacXml", candidates, skipped: { points: 0, lines: 0 } }
}
