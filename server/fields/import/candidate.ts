import type { MultiPolygon, Polygon } from "geojson"

/** The EPSG code of a candidate's coordinates: 4326 (WGS 84 degrees), 2154 (Lambert-93 metres, Telepac), or what the file declares. */
export type Srid = number

/** The PAC identity of a parcel as Telepac declares it. */
export interface PacIdentity {
  readonly campaign: number | null
  readonly pacage: string | null
  readonly island: string
  readonly parcel: string
  /** The area Telepac states for it (ha), when the file carries it. */
  readonly declaredAreaHa: number | null
}

/** One area a file holds, before anything is measured, checked or saved. */
export interface Candidate {
  readonly name: string
  /** GeoJSON coordinates, or the well-known binary a GeoPackage stores (hexadecimal). */
  readonly geometry: Polygon | MultiPolygon | { readonly type: "wkb"; readonly hex: string }
  readonly srid: Srid
  readonly crop: string | null
  readonly pac: PacIdentity | null
}

export type ImportFormat =
  | "telepacShapefile"
  | "telepacXml"
  | "kml"
  | "kmz"
  | "geojson"
  | "shapefile"
  | "geopackage"

/** What a file holds: its areas, and what it holds besides that cannot be a field. */
export interface Parsed {
  readonly format: ImportFormat
  readonly candidates: ReadonlyArray<Candidate>
  readonly skipped: { readonly points: number; readonly lines: number }
}

/** Why a file is refused as a whole: not a format we read, or not the Telepac export it was sent as. */
export type RefusalCode = "importFormat" | "notTelepacExport" | "importEmpty"

export class ImportRefused extends Error {
  constructor(readonly code: RefusalCode) {
    super(code)
  }
}
