import { geoJSONToTile } from "@maplibre/geojson-vt"
import { fromGeojsonVt } from "@maplibre/vt-pbf"
import type { Feature, Geometry } from "geojson"
import type { TileAddress } from "../../src/schema/field"
import type { TileRow } from "./repository"

/** Units across a tile (the vector tile convention), and the margin drawn past its edges. */
const extent = 4096
const buffer = 64

/** The layer the map's style reads the fields from. */
export const fieldsLayer = "fields"

const lngOf = (x: number, z: number) => (x / 2 ** z) * 360 - 180
const latOf = (y: number, z: number) => {
  const n = Math.PI - (2 * Math.PI * y) / 2 ** z
  return (180 / Math.PI) * Math.atan(Math.sinh(n))
}

/** The tile's box in degrees [west, south, east, north], with the buffer around it. */
export const tileBox = ({ z, x, y }: TileAddress): readonly [number, number, number, number] => {
  const margin = buffer / extent
  return [lngOf(x - margin, z), latOf(y + 1 + margin, z), lngOf(x + 1 + margin, z), latOf(y - margin, z)]
}

/**
 * How far an outline may be simplified in the database for this zoom, in degrees: half a unit of
 * the tile (what the tile would round away anyway), so a low zoom carries few corners.
 */
export const tolerance = ({ z }: TileAddress) => 360 / 2 ** z / extent / 2

/**
 * The fields as a Mapbox vector tile (one layer, `fields`; each feature with its `id` and its
 * owner's, `owner`), clipped to the tile and its buffer. An empty tile when none meets it.
 */
export const vectorTile = (rows: ReadonlyArray<TileRow>, { z, x, y }: TileAddress): Uint8Array => {
  if (rows.length === 0) return new Uint8Array()
  const features = rows.map(
    (r): Feature => ({
      type: "Feature",
      geometry: JSON.parse(r.geometry) as Geometry,
      properties: { id: r.id, owner: r.owner },
    }),
  )
  const tile = geoJSONToTile({ type: "FeatureCollection", features }, z, x, y, {
    extent,
    buffer,
    clip: true,
    wrap: false,
  })
  if (!tile || tile.features.length === 0) return new Uint8Array()
  return fromGeojsonVt({ [fieldsLayer]: tile }, { version: 2, extent })
}
