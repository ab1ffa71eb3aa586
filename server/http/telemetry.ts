import { HttpApiBuilder } from "@effect/platform"
import { Effect, Layer } from "effect"
import { SillonApi } from "../../src/schema/api"
import { Telemetry } from "../telemetry/service"

/** What boxes sent, read (SPEC §7); the rules live in server/telemetry/. */
export const TelemetryHttpLive = HttpApiBuilder.group(SillonApi, "telemetry", (handlers) =>
  Effect.gen(function* () {
    const telemetry = yield* Telemetry
    return handlers
      .handle("historyLocs", ({ path, urlParams }) => telemetry.historyLocs(path.id, urlParams))
      .handle("historyCsv", ({ path, urlParams }) => telemetry.historyCsv(path.id, urlParams))
      .handle("geolocHistory", ({ path, urlParams }) => telemetry.geolocHistory(path.id, urlParams))
      .handle("devicesInformations", ({ urlParams }) => telemetry.devicesInformations(urlParams.idMachine))
      .handle("temporal", ({ path, urlParams }) => telemetry.temporal(path.id, urlParams))
      .handle("categories", ({ path, urlParams }) => telemetry.categories(path.id, urlParams))
      .handle("counterFixes", ({ path, urlParams }) => telemetry.counterFixes(path.id, urlParams))
  }),
).pipe(Layer.provide(Telemetry.Default))
