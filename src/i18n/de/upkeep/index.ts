import type { NamespaceUpkeepTranslation } from "../../i18n-types"

/** Maintenance screens (docs/maintenance.md): the dashboard of every machine's rules, recording an action. */
const de_upkeep = {
  title: "Wo jede Maschine steht",
  intro:
    "Jede Wartungsregel der Maschinen, die Sie sehen, die dringendste zuerst. Die Zähler folgen dem, was die Boxen seit dem letzten Ablesen gemessen haben.",
  loading: "Wartung wird gelesen…",
  loadFailed: "Die Wartung konnte nicht gelesen werden",
  retry: "Erneut versuchen",
  empty: "Auf die Maschinen, die Sie sehen, gilt noch keine Wartungsregel.",
  status: {
    ok: "Aktuell",
    soon: "Bald",
    due: "Fällig",
    overdue: "Überfällig",
    unknown: "Zähler unbekannt",
  },
  remaining: {
    hours: "Noch {n} h",
    km: "Noch {n} km",
    years: "Noch {n} Tage",
  },
  late: {
    hours: "{n} h überfällig",
    km: "{n} km überfällig",
    years: "{n} Tage überfällig",
  },
  dueNow: "Jetzt fällig",
  counter: {
    engineHours: "Motorstunden: {value} h",
    workingHours: "Arbeitsstunden: {value} h",
    km: "Kilometer: {value} km",
    years: "Alter: {value} Jahre",
  },
  unknownCounter: "Datum der Inbetriebnahme unbekannt: tragen Sie es auf der Seite der Maschine ein.",
  estimated: "Voraussichtlich um den {date}",
  lastDone: "Zuletzt am {date}",
  never: "Nie erfasst",
  record: "Wartung erfassen",
  recordOf: "Wartung {rule} von {machine} erfassen",
  form: {
    title: "{rule} — {machine}",
    date: "Datum der Wartung",
    comment: "Kommentar",
    cost: "Kosten (€)",
    costHelp: "Freiwillig, mit Dezimalpunkt, z. B. 45.50",
    save: "Erfassen",
    cancel: "Abbrechen",
  },
  saved: "Wartung erfasst: {rule}. Die Zählung beginnt von vorn.",
  listLabel: "Wartungsregeln, die dringendste zuerst",
} satisfies NamespaceUpkeepTranslation

export default de_upkeep
