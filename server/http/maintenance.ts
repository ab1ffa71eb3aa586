import { HttpApiBuilder } from "@effect/platform"
import { Effect, Layer } from "effect"
import { SillonApi } from "../../src/schema/api"
import { Maintenance } from "../maintenance/service"

/** Maintenance (docs/maintenance.md): the rules live in server/maintenance/. */
export const MaintenanceHttpLive = HttpApiBuilder.group(SillonApi, "maintenance", (handlers) =>
  Effect.gen(function* () {
    const maintenance = yield* Maintenance
    return handlers
      .handle("profiles", () => maintenance.profiles())
      .handle("putProfile", ({ payload }) => maintenance.putProfile(payload))
      .handle("attach", ({ path, payload }) => maintenance.attach(path.id, payload.machines))
      .handle("detach", ({ path }) => maintenance.detach(path.id, path.machineId))
      .handle("putRules", ({ path, payload }) => maintenance.putRules(path.id, payload.rules))
      .handle("machineRules", ({ urlParams }) => maintenance.machine(urlParams.machine))
      .handle("actions", ({ urlParams }) => maintenance.actions(urlParams.machine))
      .handle("addAction", ({ payload }) => maintenance.addAction(payload))
      .handle("removeAction", ({ path }) => maintenance.removeAction(path.id))
      .handle("addReading", ({ payload }) => maintenance.addReading(payload))
      .handle("states", () => maintenance.states())
      .handle("alerts", () => maintenance.alerts())
  }),
).pipe(Layer.provide(Maintenance.Default))
