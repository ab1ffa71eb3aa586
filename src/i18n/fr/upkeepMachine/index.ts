import type { BaseTranslation } from "../../i18n-types"

/** The "Machines" tab of maintenance (docs/maintenance.md): one machine's counters, rules and maintenance done. */
const fr_upkeepMachine = {
  title: "L'entretien d'une machine",
  machine: "Machine",
  machinePlaceholder: "Choisir une machine",
  choose: "Choisissez une machine pour voir ses compteurs, ses règles et l'entretien fait.",
  loading: "Lecture de l'entretien de la machine…",
  loadFailed: "L'entretien de cette machine n'a pas pu être lu",
  retry: "Réessayer",
  counterList: "Compteurs",
  readAt: "Dernier relevé : {value} le {date}",
  fromBoxes: "Compté depuis le premier boîtier",
  perDay: "Environ {n} par jour ces 30 derniers jours",
  unknownYears: "Date de mise en service inconnue",
  reading: {
    title: "Relever un compteur",
    help: "La valeur lue sur le tableau de bord de la machine : le compte repart de là.",
    counter: "Compteur",
    value: "Valeur lue",
    date: "Date du relevé",
    save: "Enregistrer le relevé",
  },
  readingSaved: "Relevé enregistré : les compteurs en tiennent compte.",
  rules: "Règles",
  noRules: "Aucun profil d'entretien n'est rattaché à cette machine.",
  history: "Entretien fait, le plus récent d'abord",
  noActions: "Aucun entretien enregistré.",
  done: "Fait : {names}",
  cost: "Coût : {cost}",
  parts: "Pièces : {parts}",
  doneBy: "Par : {who}",
  recordedBy: "Saisi par {name}",
  read: "Compteurs relevés : {values}",
  remove: "Supprimer",
  removeOf: "Supprimer l'entretien du {date}",
  confirm: {
    title: "Supprimer cet entretien ?",
    body: "L'entretien du {date} ({names}) sera supprimé pour de bon ; ses règles compteront à nouveau depuis l'entretien précédent.",
    confirm: "Supprimer",
    cancel: "Annuler",
  },
  removed: "Entretien supprimé.",
} satisfies BaseTranslation

export default fr_upkeepMachine
