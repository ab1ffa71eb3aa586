import { kml } from "@tmcw/togeojson"
import { DOMParser } from "@xmldom/xmldom"
import type { Feature, Geometry, MultiPolygon, Polygon } from "geojson"
import initSqlJs from "sql.js"
import { extensionOf, isZip, unzip } from "./archive"
import { type Candidate, type ImportFormat, ImportRefused, type Parsed } from "./candidate"
import { shapefileLayers, sridOf } from "./telepac"
import { decodeText } from "./text"

type Area = Polygon | MultiPolygon

/** The names files give an area, most common first. */
const nameKeys = ["name", "Name", "NAME", "nom", "NOM", "Nom", "label", "title", "id", "ID"]
const nameOf = (properties: Record<string, unknown> | null, fallback: string) => {
  for (const key of nameKeys) {
    const value = properties?.[key]
    if ((typeof value === "string" && value.trim()) || typeof value === "number")
      return String(value).trim().slice(0, 200)
  }
  return fallback
}

/**
 * The candidates of generic features: every polygon part its own field (a file drawn in a GIS
 * often stores several fields as one multipolygon), named after the feature, "(2)"… after the first
 * part; points and lines counted, never imported.
 */
const fromFeatures = (
  format: ImportFormat,
  features: ReadonlyArray<Feature<Geometry | null>>,
  srid: (area: Area) => number,
  fallbackName: string,
): Parsed => {
  const candidates: Array<Candidate> = []
  const skipped = { points: 0, lines: 0 }
  const visit = (geometry: Geometry | null, name: string) => {
    if (!geometry) return
    switch (geometry.type) {
      case "Point":
      case "MultiPoint":
        skipped.points++
        return
      case "LineString":
      case "MultiLineString":
        skipped.lines++
        return
      case "GeometryCollection":
        for (const inner of geometry.geometries) visit(inner, name)
        return
      case "Polygon":
        candidates.push({ name, geometry, srid: srid(geometry), crop: null, pac: null })
        return
      case "MultiPolygon":
        geometry.coordinates.forEach((coordinates, i) => {
          const part: Polygon = { type: "Polygon", coordinates }
          candidates.push({
            name: i === 0 ? name : `${name} (${i + 1})`,
            geometry: part,
            srid: srid(part),
            crop: null,
            pac: null,
          })
        })
    }
  }
  for (const [i, feature] of features.entries())
    visit(feature.geometry, nameOf(feature.properties, `${fallbackName} ${i + 1}`))
  return { format, candidates, skipped }
}

/** A CRS a GeoJSON file declares the old way ("EPSG:2154", "urn:ogc:def:crs:EPSG::2154"); WGS 84 otherwise. */
const declaredSrid = (json: { crs?: { properties?: { name?: unknown } } }) => {
  const name = String(json.crs?.properties?.name ?? "")
  if (/CRS84$/i.test(name)) return 4326
  const code = /EPSG:{1,2}(\d+)$/i.exec(name)?.[1]
  return code ? Number(code) : 4326
}

export const parseGeoJson = (bytes: Uint8Array, fallbackName: string): Parsed => {
  let json: { type?: unknown; features?: unknown; geometry?: unknown; properties?: unknown; crs?: never }
  try {
    json = JSON.parse(decodeText(bytes))
  } catch {
    throw new ImportRefused("importFormat")
  }
  const features: Array<Feature<Geometry | null>> =
    json?.type === "FeatureCollection" && Array.isArray(json.features)
      ? json.features
      : json?.type === "Feature"
        ? [json as Feature<Geometry | null>]
        : typeof json?.type === "string" && "coordinates" in json
          ? [{ type: "Feature", geometry: json as unknown as Geometry, properties: {} }]
          : []
  if (features.length === 0 && json?.type !== "FeatureCollection") throw new ImportRefused("importFormat")
  const srid = declaredSrid(json)
  return fromFeatures("geojson", features, () => srid, fallbackName)
}

const parseKmlText = (format: "kml" | "kmz", source: string, fallbackName: string): Parsed => {
  if (/<!DOCTYPE/i.test(source)) throw new ImportRefused("importFormat")
  const document = new DOMParser({ onError: () => undefined }).parseFromString(source, "text/xml")
  if (document.documentElement?.localName !== "kml") throw new ImportRefused("importFormat")
  // togeojson reads the DOM interfaces xmldom implements.
  const collection = kml(document as unknown as Parameters<typeof kml>[0])
  return fromFeatures(format, collection.features, () => 4326, fallbackName)
}

export const parseKml = (bytes: Uint8Array, fallbackName: string) =>
  parseKmlText("kml", decodeText(bytes), fallbackName)

export const parseKmz = (files: Readonly<Record<string, Uint8Array>>, fallbackName: string): Parsed => {
  const main = Object.keys(files).find((path) => extensionOf(path) === "kml")
  if (!main) throw new ImportRefused("importFormat")
  return parseKmlText("kmz", decodeText(files[main] ?? new Uint8Array()), fallbackName)
}

/** Zipped shapefiles in any CRS their .prj names (none: Lambert-93 or degrees, by their range). */
export const parseShapefiles = (files: Readonly<Record<string, Uint8Array>>): Parsed => {
  const layers = shapefileLayers(files)
  if (layers.length === 0) throw new ImportRefused("importFormat")
  const parsed = layers.map((layer) =>
    fromFeatures(
      "shapefile",
      layer.shapes.map((shape, i) => ({
        type: "Feature",
        geometry: shape as Geometry | null,
        properties: layer.rows[i] ?? null,
      })),
      (area) => (layer.projected ? 4326 : sridOf(area)),
      layer.name,
    ),
  )
  return {
    format: "shapefile",
    candidates: parsed.flatMap((p) => p.candidates),
    skipped: {
      points: parsed.reduce((n, p) => n + p.skipped.points, 0),
      lines: parsed.reduce((n, p) => n + p.skipped.lines, 0),
    },
  }
}

// --- GeoPackage: an SQLite file, read with sql.js; its geometries are WKB behind a small header ---

const sqliteHeader = "SQLite format 3\u0000"
export const isSqlite = (bytes: Uint8Array) =>
  new TextDecoder("latin1").decode(bytes.subarray(0, 16)) === sqliteHeader

/** The envelope sizes a GeoPackage geometry header may carry, by its envelope indicator. */
const envelopeBytes = [0, 32, 48, 48, 64]

/** WKB geometry types (ISO, with Z/M variants folded): 1 point, 2 line, 3 polygon, 4–6 multi, 7 collection. */
const wkbKind = (wkb: Uint8Array) => {
  const view = new DataView(wkb.buffer, wkb.byteOffset, wkb.byteLength)
  const type = view.getUint32(1, wkb[0] === 1) % 1000
  return type
}

const toHex = (bytes: Uint8Array) => Buffer.from(bytes).toString("hex")

export const parseGeoPackage = async (bytes: Uint8Array, fallbackName: string): Promise<Parsed> => {
  const SQL = await initSqlJs()
  let db: InstanceType<typeof SQL.Database> | undefined
  try {
    db = new SQL.Database(bytes)
    const layers =
      db.exec("SELECT table_name, column_name, srs_id FROM gpkg_geometry_columns")[0]?.values ?? []
    const candidates: Array<Candidate> = []
    const skipped = { points: 0, lines: 0 }
    for (const [table, column, srs] of layers) {
      const quoted = (name: unknown) => `"${String(name).replaceAll('"', '""')}"`
      const result = db.exec(`SELECT * FROM ${quoted(table)}`)[0]
      if (!result) continue
      const geometryAt = result.columns.indexOf(String(column))
      result.values.forEach((row, i) => {
        const blob = row[geometryAt]
        if (!(blob instanceof Uint8Array) || blob[0] !== 0x47 || blob[1] !== 0x50) return
        const flags = blob[3] ?? 0
        if (flags & 0x10) return // an empty geometry
        const wkb = blob.subarray(8 + (envelopeBytes[(flags >> 1) & 7] ?? 0))
        const kind = wkbKind(wkb)
        if (kind === 1 || kind === 4) skipped.points++
        else if (kind === 2 || kind === 5) skipped.lines++
        else if (kind === 3 || kind === 6) {
          const properties = Object.fromEntries(result.columns.map((c, j) => [c, row[j]]))
          candidates.push({
            name: nameOf(properties, `${String(table) || fallbackName} ${i + 1}`),
            geometry: { type: "wkb", hex: toHex(wkb) },
            srid: Number(srs) > 0 ? Number(srs) : 4326,
            crop: null,
            pac: null,
          })
        }
      })
    }
    return { format: "geopackage", candidates, skipped }
  } catch (error) {
    if (error instanceof ImportRefused) throw error
    throw new ImportRefused("importFormat")
  } finally {
    db?.close()
  }
}

/** Any file of the formats read: by its content first, its name's extension to tell KML from KMZ inside zips. */
export const parseAny = async (bytes: Uint8Array, filename: string): Promise<Parsed> => {
  const base = filename.replace(/\.[^.]*$/, "") || filename
  if (isSqlite(bytes)) return parseGeoPackage(bytes, base)
  if (isZip(bytes)) {
    const files = unzip(bytes)
    const names = Object.keys(files)
    if (names.some((n) => extensionOf(n) === "kml")) return parseKmz(files, base)
    const gpkg = names.find((n) => extensionOf(n) === "gpkg")
    if (gpkg) return parseGeoPackage(files[gpkg] ?? new Uint8Array(), base)
    if (names.some((n) => extensionOf(n) === "shp")) return parseShapefiles(files)
    throw new ImportRefused("importFormat")
  }
  const head = decodeText(bytes.subarray(0, 4096)).trimStart()
  if (head.startsWith("{")) return parseGeoJson(bytes, base)
  if (head.startsWith("<")) return parseKml(bytes, base)
  throw new ImportRefused("importFormat")
}
