import { BadRequest, Forbidden, UnprocessableEntity } from "../../schema/errors"
import { ActivityId, MachineId } from "../../schema/ids"
import type { Chart } from "../lib/paths"
import { done, failed, networkDown } from "../lib/samples"
import { usageMachine } from "./usage"
import { usageInput, usageSpec } from "./usage.paths"
import { workOrderMachine } from "./workOrder"
import { workOrderSpec } from "./workOrder.paths"

const order = {
  machine: MachineId.make("00000000-0000-4000-8000-0000000000a1"),
  machineName: "Tracteur",
  activities: [ActivityId.make("00000000-0000-4000-8000-000000000001")],
  note: "",
  lang: "fr" as const,
  zone: "Europe/Paris",
}

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
  {
    name: "workOrder",
    spec: workOrderSpec,
    machine: workOrderMachine,
    events: [
      { type: "workOrder.make", ask: order },
      { type: "workOrder.make", ask: { ...order, note: "Buses 04", lang: "pl", zone: "Europe/Warsaw" } },
      done("makeWorkOrder", "bon-de-travail-Tracteur-2026-11-27.pdf"),
      failed("makeWorkOrder", networkDown),
      failed("makeWorkOrder", UnprocessableEntity.of("selectionUnknown")),
    ],
  },
]
