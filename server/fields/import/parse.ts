import { isZip } from "./archive"
import { ImportRefused, type Parsed } from "./candidate"
import { parseAny } from "./generic"
import { isTelepacXml, parseTelepacShapefile, parseTelepacXml } from "./telepac"
import { decodeText } from "./text"

/** What the person said the file is: a Telepac "parcelles" export, or any other file of areas. */
export type ImportKind = "telepac" | "other"

/**
 * The areas a file holds. A file sent as a Telepac export must be one (the zipped shapefile or
 * either XML schema); any other file may be KML, KMZ, GeoJSON, a zipped shapefile, a GeoPackage
 * (bare or zipped), or a Telepac file too. Refusals are `ImportRefused`; nothing is measured here.
 */
export const parseFile = async (kind: ImportKind, bytes: Uint8Array, filename: string): Promise<Parsed> => {
  const parsed = await parseFileAs(kind, bytes, filename)
  if (parsed.candidates.length === 0) throw new ImportRefused("importEmpty")
  return parsed
}

const parseFileAs = async (kind: ImportKind, bytes: Uint8Array, filename: string): Promise<Parsed> => {
  const xml = !isZip(bytes) && isTelepacXml(decodeText(bytes.subarray(0, 4096)))
  if (kind === "telepac") {
    if (isZip(bytes)) return parseTelepacShapefile(bytes)
    if (xml) return parseTelepacXml(bytes)
    throw new ImportRefused("notTelepacExport")
  }
  if (xml) return parseTelepacXml(bytes)
  if (isZip(bytes)) {
    try {
      return parseTelepacShapefile(bytes)
    } catch (error) {
      if (!(error instanceof ImportRefused)) throw error
    }
  }
  return parseAny(bytes, filename)
}
