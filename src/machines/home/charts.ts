import { busyMorning, quietMorning } from "../../testing/overview"
import type { Chart } from "../lib/paths"
import { done, failed, networkDown } from "../lib/samples"
import { homeOverviewMachine } from "./homeOverview"
import { homeOverviewSpec, overviewInput } from "./homeOverview.paths"

/** The home page's charts (see lib/paths.ts for what each entry must give). */
export const homeCharts: ReadonlyArray<Chart> = [
  {
    name: "homeOverview",
    spec: homeOverviewSpec,
    machine: homeOverviewMachine,
    input: overviewInput,
    events: [
      done("loadOverview", busyMorning),
      done("loadOverview", quietMorning),
      failed("loadOverview", networkDown),
      { type: "homeOverview.refresh" },
    ],
  },
]
