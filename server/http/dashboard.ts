import { HttpApiBuilder } from "@effect/platform"
import { Effect, Layer } from "effect"
import { SillonApi } from "../../src/schema/api"
import { Dashboards } from "../rollups/service"

/** Dashboards (docs/dashboards.md): the rules live in server/rollups/. */
export const DashboardHttpLive = HttpApiBuilder.group(SillonApi, "dashboard", (handlers) =>
  Effect.gen(function* () {
    const dashboards = yield* Dashboards
    return handlers
      .handle("temporalDatas", ({ path, urlParams }) => dashboards.temporalDatas(path.id, urlParams))
      .handle("percentile", ({ path, urlParams }) => dashboards.percentile(path.id, urlParams))
      .handle("lastTemporalDatas", ({ path, urlParams }) => dashboards.last(path.id, urlParams.field))
      .handle("categoriesCounter", ({ path, urlParams }) => dashboards.categories(path.id, urlParams))
      .handle("computedData", ({ urlParams }) => dashboards.computedData(urlParams.machines))
      .handle("dashboardMachine", ({ path, urlParams }) => dashboards.dashboard(path.id, urlParams))
  }),
).pipe(Layer.provide(Dashboards.Default))
