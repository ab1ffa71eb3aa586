import { HttpApiBuilder } from "@effect/platform"
import { Effect, Layer } from "effect"
import { SillonApi } from "../../src/schema/api"
import { CounterId, MachineId } from "../../src/schema/ids"
import { Machines, MachinesServiceLive } from "../machines/service"

/** Without sign-in: the sticker's link names the machine and its structure, nothing more. */
export const PublicLive = HttpApiBuilder.group(SillonApi, "public", (handlers) =>
  Effect.gen(function* () {
    const machines = yield* Machines
    return handlers.handle("machine", ({ path }) =>
      machines.publicView(path.id).pipe(
        Effect.map((m) => ({
          id: MachineId.make(m.id),
          name: m.name,
          clusterName: m.clusterName,
          counter: m.counter === null ? null : CounterId.make(m.counter),
        })),
      ),
    )
  }),
).pipe(Layer.provide(MachinesServiceLive))
