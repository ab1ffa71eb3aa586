import type { NamespaceVegetationTranslation } from "../../i18n-types"

const de_vegetation = {
  intro:
    "Der NDVI, gemessen von den Sentinel-2-Satelliten (Copernicus), von 0 (nackter Boden) bis 1 (dichte Vegetation): ein Wert alle 5 Tage, über die wolkenfreien Pixel des Schlags.",
  season: "Saison",
  field: "Schlag",
  fieldPlaceholder: "Schlag wählen",
  loading: "Schläge werden geladen…",
  loadFailed: "Die Schläge konnten nicht geladen werden.",
  retry: "Erneut versuchen",
  none: "Noch keine Schläge: Importieren Sie Ihre Parzellen, um ihre Vegetation zu verfolgen.",
  notConfigured: {
    title: "Der Vegetationsindex ist auf diesem Server nicht eingerichtet",
    text: "Er braucht einen Zugang zum Copernicus Data Space Ecosystem (kostenloses Konto auf dataspace.copernicus.eu, dann ein OAuth-Client). Der Administrator des Servers muss Folgendes setzen:",
    after: "und dann den Server neu starten.",
  },
  map: {
    legend: "Neuester NDVI",
    noValue: "Noch kein Wert",
    pick: "Tippen Sie auf einen Schlag in der Karte oder wählen Sie ihn in der Liste, um seine Kurve zu sehen.",
  },
  curve: {
    title: "NDVI von {name} im Jahr {year}",
    fetching: "Die Satellitenbilder werden abgerufen… (das kann eine Minute dauern)",
    updated: "Bilder bis {date} · aktualisiert am {fetched}",
    latest: "Letzter Wert: {value} am {date}",
    counts: "{clear} Messung{{en}} · {cloudy} zu bewölkte Zeiträume (Lücken in der Kurve)",
    nothing: "Für diese Saison gibt es noch kein verwertbares Bild.",
    failed: "Die Kurve konnte nicht geladen werden.",
    ndvi: "NDVI",
    day: "Tag",
  },
} satisfies NamespaceVegetationTranslation

export default de_vegetation
