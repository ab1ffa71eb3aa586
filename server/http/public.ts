import { HttpApiBuilder } from "@effect/platform"
import { Effect } from "effect"
import { SillonApi } from "../../src/schema/api"

// Scaffolding while the handlers are written: replaced, never shipped.
const notYet = Effect.dieMessage("not built yet")

export const PublicLive = HttpApiBuilder.group(SillonApi, "public", (handlers) =>
  Effect.succeed(handlers.handle("machine", () => notYet)),
)
