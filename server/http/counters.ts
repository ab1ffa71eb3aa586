import { HttpApiBuilder } from "@effect/platform"
import { Effect, Layer } from "effect"
import { SillonApi } from "../../src/schema/api"
import { Counters } from "../counters/service"

/** Boxes and their associations to machines (SPEC §4); the rules live in server/counters/service.ts. */
export const CountersHttpLive = HttpApiBuilder.group(SillonApi, "counters", (handlers) =>
  Effect.gen(function* () {
    const counters = yield* Counters
    return handlers
      .handle("list", () => counters.list)
      .handle("associations", ({ path }) => counters.associations(path.id))
      .handle("usersAlertes", ({ path }) => counters.usersAlertes(path.id))
      .handle("associate", ({ path, payload }) => counters.associate(path.id, payload))
      .handle("editAssociation", ({ path, payload }) => counters.editAssociation(path.id, payload))
      .handle("deleteAssociation", ({ path }) => counters.deleteAssociation(path.id))
      .handle("machineAssociations", ({ path }) => counters.machineAssociations(path.id))
      .handle("pickoff", ({ path }) => counters.pickoff(path.id))
  }),
).pipe(Layer.provide(Counters.Default))
