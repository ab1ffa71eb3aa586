import type { NamespaceGeolocTranslation } from "../../i18n-types"

const de_geoloc = {
  intro:
    "Jede Maschine, die Sie sehen, an ihrer letzten bekannten Position. Die Maschinen, denen Sie in Echtzeit folgen, bewegen sich, sobald ihre Box eine Position sendet.",
  map: "Karte der Maschinen",
  list: "Maschinen",
  loading: "Positionen werden geladen…",
  loadFailed: "Die Positionen konnten nicht geladen werden",
  retry: "Erneut versuchen",
  none: "Sie sehen noch keine Maschine.",
  unknown: "Position unbekannt",
  moving: "In Bewegung",
  stopped: "Steht",
  speed: "{speed} km/h",
  battery: "Akku {value} %",
  live: "Live",
  lastUpload: "Letzte Übertragung",
  liveOpen: "Live-Positionen",
  liveConnecting: "Verbindung zu den Live-Positionen…",
  liveOff: "Live-Positionen unterbrochen: Stand beim Laden der Seite",
  open: "{name} öffnen",
  positioned: "{count} {{Maschine|Maschinen}} auf der Karte",
} satisfies NamespaceGeolocTranslation

export default de_geoloc
