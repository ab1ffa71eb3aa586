import { HttpApiBuilder } from "@effect/platform"
import { Effect, Layer } from "effect"
import { SillonApi } from "../../src/schema/api"
import { Usage } from "../usage/service"
import { WorkOrders } from "../workOrders/service"

/** Usage (docs/usage.md): the rules live in server/usage/. */
export const UsageHttpLive = HttpApiBuilder.group(SillonApi, "usage", (handlers) =>
  Effect.gen(function* () {
    const usage = yield* Usage
    const workOrders = yield* WorkOrders
    return handlers
      .handle("machineUsage", ({ path, urlParams }) => usage.machine(path.id, urlParams))
      .handle("machineAnalysis", ({ path, urlParams }) => usage.analysis(path.id, urlParams))
      .handle("fieldAnalysis", ({ path, urlParams }) => usage.field(path.id, urlParams))
      .handle("workOrder", ({ path, payload }) => workOrders.pdf(path.id, payload))
  }),
).pipe(Layer.provide([Usage.Default, WorkOrders.Default]))
