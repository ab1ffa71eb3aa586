import type { FeatureCollection } from "geojson"
import type { Map as MapLibre, StyleSpecification } from "maplibre-gl"
import { feature } from "topojson-client"
import type { GeometryCollection, Topology } from "topojson-specification"
import countriesUrl from "world-atlas/countries-110m.json?url"

/**
 * The default basemap of every map: IGN's Géoplateforme orthophotos (served openly, without a
 * key) over a small basemap bundled with the app — Natural Earth's countries from world-atlas,
 * land and borders — so a map is never blank: offline, or where the tiles cannot be reached, the
 * IGN layer hides itself after a few failed tiles and the bundled one shows alone.
 */
export const ignAttribution =
  '<a href="https://geoservices.ign.fr/" target="_blank" rel="noopener">© IGN – Géoplateforme</a>'

const wmts = (layer: string, format: string) =>
  `https://data.geopf.fr/wmts?SERVICE=WMTS&REQUEST=GetTile&VERSION=1.0.0&LAYER=${layer}&STYLE=normal&TILEMATRIXSET=PM&FORMAT=${format}&TILEMATRIX={z}&TILEROW={y}&TILECOL={x}`

export const ignLayers = {
  ortho: wmts("ORTHOIMAGERY.ORTHOPHOTOS", "image/jpeg"),
  plan: wmts("GEOGRAPHICALGRIDSYSTEMS.PLANIGNV2", "image/png"),
} as const
export type IgnLayer = keyof typeof ignLayers

const emptyCollection: FeatureCollection = { type: "FeatureCollection", features: [] }

/**
 * The style the server's MAP_STYLE_URL names, handed to the page in
 * `<meta name="sillon-map-style">` (server/http/static.ts), or undefined: IGN's then.
 */
export const customStyleUrl = (): string | undefined =>
  globalThis.document?.querySelector<HTMLMetaElement>('meta[name="sillon-map-style"]')?.content || undefined

/** Every map's style: MAP_STYLE_URL's when set, else IGN's `layer` over the bundled basemap. */
export const basemapStyle = (layer: IgnLayer): StyleSpecification | string =>
  customStyleUrl() ?? ignStyle(layer)

const ignStyle = (layer: IgnLayer): StyleSpecification => ({
  version: 8,
  sources: {
    world: { type: "geojson", data: emptyCollection },
    ign: {
      type: "raster",
      tiles: [ignLayers[layer]],
      tileSize: 256,
      maxzoom: 19,
      attribution: ignAttribution,
    },
  },
  layers: [
    { id: "sea", type: "background", paint: { "background-color": "#cfe0ea" } },
    { id: "land", type: "fill", source: "world", paint: { "fill-color": "#eef0e2" } },
    { id: "borders", type: "line", source: "world", paint: { "line-color": "#8c8c7a", "line-width": 0.8 } },
    { id: "ign", type: "raster", source: "ign" },
  ],
})

let countries: Promise<FeatureCollection> | undefined
/** The bundled countries, loaded once (a small file the app serves itself). */
const loadCountries = () => {
  countries ??= fetch(countriesUrl)
    .then((r) => r.json() as Promise<Topology<{ countries: GeometryCollection }>>)
    .then((atlas) => feature(atlas, atlas.objects.countries) as FeatureCollection)
    .catch(() => {
      countries = undefined
      return emptyCollection
    })
  return countries
}

/** Failed tiles after which the IGN layer is taken for unreachable. */
const failuresBeforeFallback = 3

/**
 * Fills the bundled basemap and watches the IGN tiles: `onFallback` runs once when they cannot be
 * reached (the layer is then hidden, the bundled basemap shows).
 */
export const watchBasemap = (map: MapLibre, onFallback: () => void) => {
  let failures = 0
  let fallen = false
  const fill = (data: FeatureCollection) => {
    const source = map.getSource("world")
    if (source && "setData" in source) (source as { setData: (d: FeatureCollection) => void }).setData(data)
  }
  // The source exists once the map has loaded; the countries may arrive before or after. (Not
  // `isStyleLoaded()`: it stays false while tiles load, after the one "load" event has gone.)
  let loaded = false
  let arrived: FeatureCollection | undefined
  map.once("load", () => {
    loaded = true
    if (arrived) fill(arrived)
  })
  void loadCountries().then((data) => {
    arrived = data
    if (loaded) fill(data)
  })
  map.on("error", (event) => {
    const sourceId = (event as { sourceId?: string }).sourceId
    if (sourceId !== "ign" || fallen) return
    failures++
    if (failures >= failuresBeforeFallback) {
      fallen = true
      if (map.getLayer("ign")) map.setLayoutProperty("ign", "visibility", "none")
      onFallback()
    }
  })
}

/** Shows IGN's aerial photos or its Plan IGN map under the fields. */
export const setIgnLayer = (map: MapLibre, layer: IgnLayer) => {
  const source = map.getSource("ign") as { setTiles?: (tiles: Array<string>) => void } | undefined
  source?.setTiles?.([ignLayers[layer]])
}
