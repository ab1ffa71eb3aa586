import { createRequire } from "node:module"
import type { Feature, Geometry, MultiPolygon, Polygon } from "geojson"
import { feature } from "topojson-client"
import type { GeometryCollection, Topology } from "topojson-specification"

/** France's id in Natural Earth (ISO 3166 numeric), as world-atlas names its countries. */
const franceId = "250"

/** Mainland France and Corsica lie in this box; French overseas territories do not. */
const isMetropolitan = (polygon: Polygon["coordinates"]) =>
  (polygon[0] ?? []).every(([x = 0, y = 0]) => x > -6 && x < 10 && y > 41 && y < 52)

/**
 * Metropolitan France's outline (Natural Earth 1:50m, from world-atlas): where a field's area is
 * measured planar in Lambert-93, as Telepac does.
 */
export const metropolitanFrance = (): MultiPolygon => {
  const atlas = createRequire(import.meta.url)("world-atlas/countries-50m.json") as Topology<{
    countries: GeometryCollection
  }>
  const france = atlas.objects.countries.geometries.find((g) => String(g.id) === franceId)
  if (!france) throw new Error("world-atlas has no France")
  const geometry = (feature(atlas, france) as Feature<Geometry>).geometry
  const polygons =
    geometry.type === "MultiPolygon"
      ? geometry.coordinates
      : geometry.type === "Polygon"
        ? [geometry.coordinates]
        : []
  return { type: "MultiPolygon", coordinates: polygons.filter(isMetropolitan) }
}
