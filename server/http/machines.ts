import { HttpApiBuilder } from "@effect/platform"
import { Effect } from "effect"
import { SillonApi } from "../../src/schema/api"

// Scaffolding while the handlers are written: replaced, never shipped.
const notYet = Effect.dieMessage("not built yet")

export const MachinesLive = HttpApiBuilder.group(SillonApi, "machines", (handlers) =>
  Effect.succeed(
    handlers
      .handle("list", () => notYet)
      .handle("usersAccess", () => notYet)
      .handle("editUserAccess", () => notYet),
  ),
)
