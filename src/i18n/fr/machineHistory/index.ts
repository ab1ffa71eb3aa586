import type { BaseTranslation } from "../../i18n-types"

/** A machine's position history: its trace on a map over a period, replayed with a slider. */
const fr_machineHistory = {
  title: "Historique des positions",
  period: "Période",
  today: "Aujourd'hui",
  yesterday: "Hier",
  last7: "7 derniers jours",
  last30: "30 derniers jours",
  custom: "Autres dates",
  from: "Du",
  to: "Au (inclus)",
  show: "Afficher",
  tooLong: "Une période de {max:number} jours au plus.",
  reversed: "Le dernier jour ne peut pas venir avant le premier.",
  missingDay: "Choisissez le premier et le dernier jour.",
  loading: "Chargement du trajet…",
  empty: "Aucune position sur la période",
  emptyHint:
    "Le boîtier de la machine n'a envoyé aucune position entre le {start:string} et le {end:string}.",
  loadFailed: "L'historique n'a pas pu être chargé",
  retry: "Réessayer",
  map: "Carte du trajet de la machine",
  summary: "{fixes:number} position{{s}} reçue{{s}}, {segments:number} tronçon{{s}}",
  simplified: "Trajet simplifié pour rester fluide (à {metres:number} m près).",
  gaps: "Un trait interrompu : le boîtier n'a rien envoyé pendant plus de 5 minutes.",
  legend: "Vitesse",
  speedBelow: "moins de {max:number} km/h",
  speedBetween: "{min:number} à {max:number} km/h",
  speedAbove: "{min:number} km/h et plus",
  speedUnknown: "vitesse inconnue",
  replay: "Relecture",
  slider: "Instant de la relecture",
  play: "Lire la relecture",
  pause: "Mettre en pause",
  speed: "{speed:string} km/h",
  silent: "Boîtier silencieux",
  timeZone: "Heures du fuseau {zone:string}.",
  keys: "Flèches : pas à pas ; Page préc./suiv. : un dixième de la période ; Début/Fin.",
  pick: "Touchez le trajet sur la carte pour y amener la relecture.",
} satisfies BaseTranslation

export default fr_machineHistory
