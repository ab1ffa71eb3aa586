import type { NamespaceGeolocTranslation } from "../../i18n-types"

const pl_geoloc = {
  intro:
    "Każda maszyna, którą widzisz, w jej ostatniej znanej pozycji. Te, które śledzisz w czasie rzeczywistym, przesuwają się, gdy tylko ich moduł wyśle pozycję.",
  map: "Mapa maszyn",
  list: "Maszyny",
  loading: "Wczytywanie pozycji…",
  loadFailed: "Nie udało się wczytać pozycji",
  retry: "Spróbuj ponownie",
  none: "Nie widzisz jeszcze żadnej maszyny.",
  unknown: "Pozycja nieznana",
  moving: "W ruchu",
  stopped: "Postój",
  speed: "{speed} km/h",
  battery: "Bateria {value} %",
  live: "Na żywo",
  lastUpload: "Ostatnia transmisja",
  liveOpen: "Pozycje na żywo",
  liveConnecting: "Łączenie z pozycjami na żywo…",
  liveOff: "Pozycje na żywo przerwane: stan z chwili wczytania strony",
  open: "Otwórz {name}",
  positioned: "{count} {{maszyn|maszyna|maszyny|maszyny|maszyn|maszyny}} na mapie",
} satisfies NamespaceGeolocTranslation

export default pl_geoloc
