import type { NamespaceUpkeepMachineTranslation } from "../../i18n-types"

/** Der Reiter „Maschinen“ der Wartung (docs/maintenance.md): Zähler, Regeln und erledigte Wartung einer Maschine. */
const de_upkeepMachine = {
  title: "Die Wartung einer Maschine",
  machine: "Maschine",
  machinePlaceholder: "Maschine wählen",
  choose: "Wählen Sie eine Maschine, um ihre Zähler, Regeln und die erledigte Wartung zu sehen.",
  loading: "Wartung der Maschine wird gelesen…",
  loadFailed: "Die Wartung dieser Maschine konnte nicht gelesen werden",
  retry: "Erneut versuchen",
  counterList: "Zähler",
  readAt: "Letzte Ablesung: {value} am {date}",
  fromBoxes: "Gezählt seit der ersten Box",
  perDay: "Etwa {n} pro Tag in den letzten 30 Tagen",
  unknownYears: "Datum der Inbetriebnahme unbekannt",
  reading: {
    title: "Zählerstand eintragen",
    help: "Der am Armaturenbrett der Maschine abgelesene Wert: Von dort wird weitergezählt.",
    counter: "Zähler",
    value: "Abgelesener Wert",
    date: "Datum der Ablesung",
    save: "Ablesung speichern",
  },
  readingSaved: "Ablesung gespeichert: Die Zähler berücksichtigen sie.",
  rules: "Regeln",
  noRules: "Dieser Maschine ist kein Wartungsprofil zugeordnet.",
  history: "Erledigte Wartung, die neueste zuerst",
  noActions: "Keine Wartung erfasst.",
  done: "Erledigt: {names}",
  cost: "Kosten: {cost}",
  parts: "Teile: {parts}",
  doneBy: "Von: {who}",
  recordedBy: "Erfasst von {name}",
  read: "Abgelesene Zähler: {values}",
  remove: "Löschen",
  removeOf: "Die Wartung vom {date} löschen",
  confirm: {
    title: "Diese Wartung löschen?",
    body: "Die Wartung vom {date} ({names}) wird endgültig gelöscht; ihre Regeln zählen wieder ab der vorherigen Wartung.",
    confirm: "Löschen",
    cancel: "Abbrechen",
  },
  removed: "Wartung gelöscht.",
} satisfies NamespaceUpkeepMachineTranslation

export default de_upkeepMachine
