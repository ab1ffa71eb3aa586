import type { BaseTranslation } from "../../i18n-types"

/** "Trouver mes machines": the machines at their last known position, and live. */
const fr_geoloc = {
  intro:
    "Chaque machine que vous voyez, à sa dernière position connue. Celles que vous suivez en temps réel bougent dès que leur boîtier envoie une position.",
  map: "Carte des machines",
  list: "Machines",
  loading: "Chargement des positions…",
  loadFailed: "Les positions n'ont pas pu être chargées",
  retry: "Réessayer",
  none: "Vous ne voyez encore aucune machine.",
  unknown: "Position inconnue",
  moving: "En mouvement",
  stopped: "À l'arrêt",
  speed: "{speed:number} km/h",
  battery: "Batterie {value:number} %",
  live: "En direct",
  lastUpload: "Dernière remontée",
  liveOpen: "Positions en direct",
  liveConnecting: "Connexion au direct…",
  liveOff: "Direct interrompu : positions à jour au chargement de la page",
  open: "Ouvrir {name:string}",
  positioned: "{count:number} machine{{s}} sur la carte",
} satisfies BaseTranslation

export default fr_geoloc
