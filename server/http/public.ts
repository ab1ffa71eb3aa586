import { HttpApiBuilder } from "@effect/platform"
import { Effect, Layer } from "effect"
import { SillonApi } from "../../src/schema/api"
import { Machines } from "../machines/service"

/** Without sign-in: the sticker's link names the machine and its structure, nothing more. */
export const PublicHttpLive = HttpApiBuilder.group(SillonApi, "public", (handlers) =>
  Effect.gen(function* () {
    const machines = yield* Machines
    return handlers.handle("machine", ({ path }) => machines.publicView(path.id))
  }),
).pipe(Layer.provide(Machines.Default))
