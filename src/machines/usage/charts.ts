import { BadRequest, Forbidden } from "../../schema/errors"
import type { Chart } from "../lib/paths"
import { done, failed, networkDown } from "../lib/samples"
import { usageMachine } from "./usage"
import { usageInput, usageSpec } from "./usage.paths"

const aUsage = { bucket: "day", points: [], totals: { count: 0 } }

/** The usage charts (see lib/paths.ts for what each entry must give). */
export const usageCharts: ReadonlyArray<Chart> = [
  {
    name: "usage",
    spec: usageSpec,
    machine: usageMachine,
    input: usageInput,
    events: [
      done("loadUsage", aUsage),
      failed("loadUsage", networkDown),
      failed("loadUsage", BadRequest.of("endBeforeStart")),
      failed("loadUsage", Forbidden.of()),
      { type: "usage.retry" },
      { type: "usage.show", ask: { ...usageInput, bucket: "month", start: "2025-11-30T23:00:00.000Z" } },
    ],
  },
]
