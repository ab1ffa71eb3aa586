import type { NamespaceVegetationTranslation } from "../../i18n-types"

const en_vegetation = {
  intro:
    "The NDVI measured by the Sentinel-2 satellites (Copernicus), from 0 (bare soil) to 1 (dense vegetation): one value every 5 days, over the field's cloud-free pixels.",
  season: "Season",
  field: "Field",
  fieldPlaceholder: "Choose a field",
  loading: "Loading the fields…",
  loadFailed: "The fields could not be loaded.",
  retry: "Try again",
  none: "No field yet: import your parcels to follow their vegetation.",
  notConfigured: {
    title: "The vegetation index is not configured on this server",
    text: "It needs access to the Copernicus Data Space Ecosystem (a free account on dataspace.copernicus.eu, then an OAuth client). The server's administrator must set:",
    after: "then restart the server.",
  },
  map: {
    legend: "Latest NDVI",
    noValue: "No value yet",
    pick: "Tap a field on the map or choose it in the list to see its curve.",
  },
  curve: {
    title: "NDVI of {name} in {year}",
    fetching: "Fetching the satellite images… (this can take a minute)",
    updated: "Images up to {date} · updated on {fetched}",
    latest: "Latest value: {value} on {date}",
    counts: "{clear} measurement{{s}} · {cloudy} period{{s}} too cloudy (gaps in the curve)",
    nothing: "No usable image for this season yet.",
    failed: "The curve could not be loaded.",
    ndvi: "NDVI",
    day: "Day",
  },
} satisfies NamespaceVegetationTranslation

export default en_vegetation
