import { HttpApiBuilder } from "@effect/platform"
import { Effect, Layer } from "effect"
import { SillonApi } from "../../src/schema/api"
import { Machines, MachinesServiceLive } from "../machines/service"

/** Machines and per-machine grants (SPEC §6); the rules live in server/machines/service.ts. */
export const MachinesLive = HttpApiBuilder.group(SillonApi, "machines", (handlers) =>
  Effect.gen(function* () {
    const machines = yield* Machines
    return (
      handlers
        .handle("list", ({ urlParams }) => machines.list(urlParams.cluster))
        .handle("usersAccess", ({ path }) => machines.usersAccess(path.id))
        .handle("editUserAccess", ({ path, payload }) =>
          machines.editUserAccess(path.id, path.userId, payload.grants),
        )
        // Scaffolding while the fleet handlers are written: replaced, never shipped.
        .handle("create", () => Effect.dieMessage("not built yet"))
        .handle("get", () => Effect.dieMessage("not built yet"))
        .handle("edit", () => Effect.dieMessage("not built yet"))
        .handle("remove", () => Effect.dieMessage("not built yet"))
    )
  }),
).pipe(Layer.provide(MachinesServiceLive))
