import { BadRequest } from "../../schema/errors"
import type { Chart } from "../lib/paths"
import { done, failed, networkDown } from "../lib/samples"
import { maintenanceDashboardMachine } from "./maintenanceDashboard"
import { maintenanceDashboardSpec } from "./maintenanceDashboard.paths"

const machine = "5f0c6e9a-3c2b-4d3e-9f5a-1b2c3d4e5f61"
const rule = "7a1d2c3b-4e5f-4a6b-8c7d-9e0f1a2b3c4d"
const action = "0b1c2d3e-4f5a-4b6c-8d7e-9f0a1b2c3d4e"
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
]
