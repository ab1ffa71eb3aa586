import { BadRequest, Forbidden } from "../../schema/errors"
import type { Chart } from "../lib/paths"
import { done, failed, networkDown } from "../lib/samples"
import { maintenanceDashboardMachine } from "./maintenanceDashboard"
import { maintenanceDashboardSpec } from "./maintenanceDashboard.paths"
import { maintenanceMachineMachine } from "./maintenanceMachine"
import { maintenanceMachineSpec } from "./maintenanceMachine.paths"
import { maintenanceRulesMachine } from "./maintenanceRules"
import { maintenanceRulesSpec } from "./maintenanceRules.paths"

const machine = "5f0c6e9a-3c2b-4d3e-9f5a-1b2c3d4e5f61"
const rule = "7a1d2c3b-4e5f-4a6b-8c7d-9e0f1a2b3c4d"
const action = "0b1c2d3e-4f5a-4b6c-8d7e-9f0a1b2c3d4e"
const profileId = "3c2b1a0f-9e8d-4c7b-8a6f-5e4d3c2b1a0f"
const ruleId = "4d3c2b1a-0f9e-4d8c-9b7a-6f5e4d3c2b1a"
const [c1, c2] = ["9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d", "8b7c6d5e-4f3a-4b2c-9d1e-0f9a8b7c6d5e"]
const [m1, m2, m3] = [
  "1e2d3c4b-5a69-4788-9a0b-c1d2e3f4a5b6",
  "2e2d3c4b-5a69-4788-9a0b-c1d2e3f4a5b6",
  "3e2d3c4b-5a69-4788-9a0b-c1d2e3f4a5b6",
]
/** One profile on C1 carrying M1; M1 and M2 in C1, M3 in C2. */
const rulesData = {
  profiles: [{ id: profileId, name: "Tracteurs", machines: [{ id: m1, name: "Fendt" }] }],
  clusters: [
    { id: c1, name: "CUMA" },
    { id: c2, name: "Ferme" },
  ],
  machines: [
    { id: m1, name: "Fendt", cluster: { id: c1, name: "CUMA" } },
    { id: m2, name: "Claas", cluster: { id: c1, name: "CUMA" } },
    { id: m3, name: "Valtra", cluster: { id: c2, name: "Ferme" } },
  ],
}
const profileForm = (
  o: {
    name?: string
    clusters?: Array<string>
    soonShare?: string
    frequency?: string
    firstEvent?: string
  } = {},
) => ({
  id: profileId,
  name: o.name ?? " Tracteurs ",
  clusters: o.clusters ?? [c1],
  soonShare: o.soonShare ?? "12.5",
  rules: [
    {
      id: ruleId,
      name: "Vidange moteur",
      counter: "engineHours",
      frequency: o.frequency ?? "250",
      firstEvent: o.firstEvent ?? "50",
    },
  ],
})
const sheet = { detail: { machine: { id: machine, name: "Fendt" }, counters: [], rules: [] }, actions: [] }
const form = (date: string, cost: string, comment = "Filtre changé") => ({ date, comment, cost })

/** The maintenance charts (see lib/paths.ts for what each entry must give). */
export const maintenanceCharts: ReadonlyArray<Chart> = [
  {
    name: "maintenanceDashboard",
    spec: maintenanceDashboardSpec,
    machine: maintenanceDashboardMachine,
    events: [
      done("loadStates", []),
      failed("loadStates", networkDown),
      { type: "maintenance.retry" },
      { type: "maintenance.record", machine, rule },
      { type: "maintenance.cancel" },
      {
        type: "maintenance.save",
        id: action,
        machine,
        rule,
        values: form("2026-11-28T09:30:00.000Z", "45.5"),
      },
      { type: "maintenance.save", id: action, machine, rule, values: form("2026-11-28T09:30:00.000Z", "") },
      { type: "maintenance.save", id: action, machine, rule, values: form("", "45,5") },
      {
        type: "maintenance.save",
        id: action,
        values: form("2026-11-28T09:30:00.000Z", "x", "y".repeat(2001)),
      },
      done("recordAction", []),
      failed("recordAction", BadRequest.of("maintenanceDateFuture")),
    ],
  },
  {
    name: "maintenanceRules",
    spec: maintenanceRulesSpec,
    machine: maintenanceRulesMachine,
    events: [
      done("loadRules", rulesData),
      failed("loadRules", networkDown),
      { type: "rules.retry" },
      { type: "rules.edit", profile: null },
      { type: "rules.edit", profile: profileId },
      { type: "rules.cancel" },
      { type: "rules.save", values: profileForm(), machines: [m2, m3] },
      {
        type: "rules.save",
        values: profileForm({ name: " ", clusters: [], soonShare: "60", frequency: "0", firstEvent: "" }),
        machines: [],
      },
      {
        type: "rules.save",
        values: profileForm({ soonShare: "12,5", frequency: "250,5", firstEvent: "x" }),
        machines: [m1],
      },
      done("saveProfile", rulesData),
      failed("saveProfile", Forbidden.of()),
    ],
  },
  {
    name: "maintenanceMachine",
    spec: maintenanceMachineSpec,
    machine: maintenanceMachineMachine,
    events: [
      { type: "machine.pick", machine },
      done("loadMachines", [{ id: machine, name: "Fendt", cluster: { id: c1, name: "CUMA" } }]),
      failed("loadMachines", networkDown),
      { type: "machine.retry" },
      done("loadSheet", sheet),
      failed("loadSheet", Forbidden.of()),
      { type: "reading.save", counter: "engineHours", value: " 1250.5 ", date: "2026-11-28T09:30:00.000Z" },
      { type: "reading.save", counter: "km", value: "1250,5", date: "" },
      done("addReading", sheet),
      failed("addReading", BadRequest.of("maintenanceDateFuture")),
      { type: "action.remove", id: action },
      { type: "action.cancel" },
      { type: "action.confirm" },
      done("removeAction", sheet),
      failed("removeAction", networkDown),
    ],
  },
]
