import { HttpApiBuilder } from "@effect/platform"
import { Effect } from "effect"
import { SillonApi } from "../../src/schema/api"

// Scaffolding while the handlers are written: replaced, never shipped.
const notYet = Effect.dieMessage("not built yet")

export const BleTagsLive = HttpApiBuilder.group(SillonApi, "bleTags", (handlers) =>
  Effect.succeed(handlers.handle("list", () => notYet).handle("attribute", () => notYet)),
)
