import { HttpApiBuilder } from "@effect/platform"
import { Effect, Layer } from "effect"
import { SillonApi } from "../../src/schema/api"
import { Canbus } from "../canbus/service"

/** CAN bus values (docs/canbus.md): the rules live in server/canbus/. */
export const CanbusHttpLive = HttpApiBuilder.group(SillonApi, "canbus", (handlers) =>
  Effect.gen(function* () {
    const canbus = yield* Canbus
    return handlers
      .handle("configs", ({ path, urlParams }) => canbus.configs(path.id, urlParams.lang))
      .handle("putConfig", ({ path, urlParams, payload }) =>
        canbus.put(path.id, path.name, payload, urlParams.lang),
      )
      .handle("removeConfig", ({ path }) => canbus.remove(path.id, path.name))
      .handle("raw", ({ path, urlParams }) => canbus.raw(path.id, urlParams))
      .handle("rawCsv", ({ path, urlParams }) => canbus.csv(path.id, urlParams))
  }),
).pipe(Layer.provide(Canbus.Default))
