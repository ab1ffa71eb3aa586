import type { NamespaceUpkeepTranslation } from "../../i18n-types"

/** Maintenance screens (docs/maintenance.md): the dashboard of every machine's rules, recording an action. */
const en_upkeep = {
  title: "Where each machine stands",
  intro:
    "Every maintenance rule of the machines you see, most urgent first. The counters follow what the boxes measured since the last reading.",
  loading: "Reading maintenance…",
  loadFailed: "Maintenance could not be read",
  retry: "Try again",
  empty: "No maintenance rule applies yet to the machines you see.",
  status: {
    ok: "Up to date",
    soon: "Soon",
    due: "Due",
    overdue: "Overdue",
    unknown: "Counter unknown",
  },
  remaining: {
    hours: "{n} h to go",
    km: "{n} km to go",
    years: "{n} days to go",
  },
  late: {
    hours: "{n} h past due",
    km: "{n} km past due",
    years: "{n} days past due",
  },
  dueNow: "Due now",
  counter: {
    engineHours: "Engine hours: {value} h",
    workingHours: "Working hours: {value} h",
    km: "Kilometres: {value} km",
    years: "Age: {value} years",
  },
  unknownCounter: "Date of issue unknown: enter it on the machine's page.",
  estimated: "Expected around {date}",
  lastDone: "Last done on {date}",
  never: "Never recorded",
  record: "Record maintenance",
  recordOf: "Record maintenance {rule} of {machine}",
  form: {
    title: "{rule} — {machine}",
    date: "Date of the maintenance",
    comment: "Comment",
    cost: "Cost (€)",
    costHelp: "Optional, with a decimal point, e.g. 45.50",
    save: "Record",
    cancel: "Cancel",
  },
  saved: "Maintenance recorded: {rule}. The count starts again.",
  listLabel: "Maintenance rules, most urgent first",
} satisfies NamespaceUpkeepTranslation

export default en_upkeep
