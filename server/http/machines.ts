import { HttpApiBuilder } from "@effect/platform"
import { Effect, Layer } from "effect"
import { SillonApi } from "../../src/schema/api"
import { Machines } from "../machines/service"

/** Machines (SPEC §3, §7) and per-machine grants (SPEC §6); the rules live in server/machines/service.ts. */
export const MachinesHttpLive = HttpApiBuilder.group(SillonApi, "machines", (handlers) =>
  Effect.gen(function* () {
    const machines = yield* Machines
    return handlers
      .handle("list", ({ urlParams }) => machines.list(urlParams.cluster))
      .handle("usersAccess", ({ path }) => machines.usersAccess(path.id))
      .handle("editUserAccess", ({ path, payload }) =>
        machines.editUserAccess(path.id, path.userId, payload.grants),
      )
      .handle("create", ({ payload }) => machines.create(payload))
      .handle("get", ({ path }) => machines.get(path.id))
      .handle("edit", ({ path, payload }) => machines.edit(path.id, payload.editMachine))
      .handle("remove", ({ path }) => machines.remove(path.id))
  }),
).pipe(Layer.provide(Machines.Default))
