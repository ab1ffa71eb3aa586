import type { NamespaceGeolocTranslation } from "../../i18n-types"

const en_geoloc = {
  intro:
    "Every machine you can see, at its last known position. Those you follow in real time move as soon as their box sends a position.",
  map: "Map of the machines",
  list: "Machines",
  loading: "Loading positions…",
  loadFailed: "The positions could not be loaded",
  retry: "Try again",
  none: "You cannot see any machine yet.",
  unknown: "Position unknown",
  moving: "Moving",
  stopped: "Stopped",
  speed: "{speed} km/h",
  battery: "Battery {value} %",
  live: "Live",
  lastUpload: "Last upload",
  liveOpen: "Live positions",
  liveConnecting: "Connecting to live positions…",
  liveOff: "Live positions stopped: positions as of the page's loading",
  open: "Open {name}",
  positioned: "{count} machine{{s}} on the map",
} satisfies NamespaceGeolocTranslation

export default en_geoloc
