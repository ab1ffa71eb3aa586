import type { NamespaceUpkeepMachineTranslation } from "../../i18n-types"

/** The "Machines" tab of maintenance (docs/maintenance.md): one machine's counters, rules and maintenance done. */
const en_upkeepMachine = {
  title: "A machine's maintenance",
  machine: "Machine",
  machinePlaceholder: "Choose a machine",
  choose: "Choose a machine to see its counters, its rules and the maintenance done.",
  loading: "Reading the machine's maintenance…",
  loadFailed: "This machine's maintenance could not be read",
  retry: "Try again",
  counterList: "Counters",
  readAt: "Last reading: {value} on {date}",
  fromBoxes: "Counted since the first box",
  perDay: "About {n} a day over the last 30 days",
  unknownYears: "Date of issue unknown",
  reading: {
    title: "Enter a counter reading",
    help: "The value read on the machine's dashboard: the count starts again from it.",
    counter: "Counter",
    value: "Value read",
    date: "Date of the reading",
    save: "Save the reading",
  },
  readingSaved: "Reading saved: the counters take it into account.",
  rules: "Rules",
  noRules: "No maintenance profile is attached to this machine.",
  history: "Maintenance done, newest first",
  noActions: "No maintenance recorded.",
  done: "Done: {names}",
  cost: "Cost: {cost}",
  parts: "Parts: {parts}",
  doneBy: "By: {who}",
  recordedBy: "Entered by {name}",
  read: "Counters read: {values}",
  remove: "Delete",
  removeOf: "Delete the maintenance of {date}",
  confirm: {
    title: "Delete this maintenance?",
    body: "The maintenance of {date} ({names}) will be deleted for good; its rules will count again from the maintenance before it.",
    confirm: "Delete",
    cancel: "Cancel",
  },
  removed: "Maintenance deleted.",
} satisfies NamespaceUpkeepMachineTranslation

export default en_upkeepMachine
