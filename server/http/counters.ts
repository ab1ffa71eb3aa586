import { HttpApiBuilder } from "@effect/platform"
import { Effect } from "effect"
import { SillonApi } from "../../src/schema/api"

// Scaffolding while the handlers are written: replaced, never shipped.
const notYet = Effect.dieMessage("not built yet")

export const CountersLive = HttpApiBuilder.group(SillonApi, "counters", (handlers) =>
  Effect.succeed(
    handlers
      .handle("list", () => notYet)
      .handle("associations", () => notYet)
      .handle("usersAlertes", () => notYet)
      .handle("associate", () => notYet)
      .handle("editAssociation", () => notYet)
      .handle("deleteAssociation", () => notYet)
      .handle("machineAssociations", () => notYet)
      .handle("pickoff", () => notYet),
  ),
)
