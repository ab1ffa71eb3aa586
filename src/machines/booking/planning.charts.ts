import { Forbidden } from "../../schema"
import {
  aBooking,
  aStructure,
  at,
  jeanMember,
  prés,
  structureData,
  tractor,
  vals,
} from "../../testing/planning"
import type { Chart } from "../lib/paths"
import { done, failed, networkDown } from "../lib/samples"
import { planningMachine } from "./planning"
import { planningSpec } from "./planning.paths"

/** The planning charts (issue 5), with the sample events their paths are generated from. */
export const planningCharts: ReadonlyArray<Chart> = [
  {
    name: "planning",
    spec: planningSpec,
    machine: planningMachine,
    input: {
      window: { from: at("2026-06-01T00:00:00Z"), to: at("2026-06-08T00:00:00Z") },
      cluster: vals.id,
      machines: [],
      employees: [],
      all: false,
    },
    events: [
      done("loadClusters", [aStructure(prés), aStructure(vals)]),
      done("loadClusters", []),
      failed("loadClusters", networkDown),
      { type: "planning.retry" },
      { type: "planning.refresh" },
      done("loadStructure", structureData),
      failed("loadStructure", Forbidden.of("forbidden")),
      done("loadBookings", [
        aBooking("requested"),
        aBooking("accepted", { id: "00000000-0000-4000-8000-0000000000d2" }),
        aBooking("cancelled", { id: "00000000-0000-4000-8000-0000000000d3" }),
      ]),
      failed("loadBookings", networkDown),
      { type: "planning.window", from: at("2026-06-08T00:00:00Z"), to: at("2026-06-15T00:00:00Z") },
      { type: "planning.cluster", cluster: prés.id },
      { type: "planning.filter", machines: [tractor.id], employees: [jeanMember.user.id], all: false },
      { type: "planning.filter", machines: [], employees: [], all: true },
    ],
  },
]
