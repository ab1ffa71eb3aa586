import type { BaseTranslation } from "../../i18n-types"

/** Maintenance screens (docs/maintenance.md): the dashboard of every machine's rules, recording an action. */
const fr_upkeep = {
  title: "Où en est chaque machine",
  intro:
    "Chaque règle d'entretien des machines que vous voyez, la plus urgente d'abord. Les compteurs suivent ce que les boîtiers ont mesuré depuis le dernier relevé.",
  loading: "Lecture de l'entretien…",
  loadFailed: "L'entretien n'a pas pu être lu",
  retry: "Réessayer",
  empty: "Aucune règle d'entretien ne s'applique encore aux machines que vous voyez.",
  status: {
    ok: "À jour",
    soon: "Bientôt",
    due: "À faire",
    overdue: "En retard",
    unknown: "Compteur inconnu",
  },
  remaining: {
    hours: "Encore {n} h",
    km: "Encore {n} km",
    years: "Encore {n} jours",
  },
  late: {
    hours: "Dépassé de {n} h",
    km: "Dépassé de {n} km",
    years: "Dépassé de {n} jours",
  },
  dueNow: "À faire maintenant",
  counter: {
    engineHours: "Heures moteur : {value} h",
    workingHours: "Heures de travail : {value} h",
    km: "Kilomètres : {value} km",
    years: "Âge : {value} ans",
  },
  unknownCounter: "Date de mise en service inconnue : renseignez-la sur la fiche de la machine.",
  estimated: "Prévu vers le {date}",
  lastDone: "Dernier entretien le {date}",
  never: "Jamais enregistré",
  record: "Enregistrer l'entretien",
  recordOf: "Enregistrer l'entretien {rule} de {machine}",
  form: {
    title: "{rule} — {machine}",
    date: "Date de l'entretien",
    comment: "Commentaire",
    cost: "Coût (€)",
    costHelp: "Facultatif, avec un point pour les décimales, par exemple 45.50",
    save: "Enregistrer",
    cancel: "Annuler",
  },
  saved: "Entretien enregistré : {rule}. Le compte repart de zéro.",
  listLabel: "Règles d'entretien, la plus urgente d'abord",
} satisfies BaseTranslation

export default fr_upkeep
