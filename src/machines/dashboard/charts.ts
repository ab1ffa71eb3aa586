import { BadRequest, Forbidden } from "../../schema/errors"
import type { Chart } from "../lib/paths"
import { done, failed, networkDown } from "../lib/samples"
import { dashboardMachine } from "./dashboard"
import { dashboardInput, dashboardSpec } from "./dashboard.paths"

const anAnswer = { figures: { fixes: 0 }, series: { points: [] } }

/** The dashboard's chart (see lib/paths.ts for what each entry must give). */
export const dashboardCharts: ReadonlyArray<Chart> = [
  {
    name: "dashboard",
    spec: dashboardSpec,
    machine: dashboardMachine,
    input: dashboardInput,
    events: [
      done("loadDashboard", anAnswer),
      failed("loadDashboard", networkDown),
      failed("loadDashboard", BadRequest.of("endBeforeStart")),
      failed("loadDashboard", Forbidden.of()),
      { type: "dashboard.retry" },
      {
        type: "dashboard.show",
        ask: { ...dashboardInput, field: "can.engineSpeed", start: "2025-11-26T23:00:00.000Z" },
      },
    ],
  },
]
