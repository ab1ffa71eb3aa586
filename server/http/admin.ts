import { HttpApiBuilder } from "@effect/platform"
import { Effect } from "effect"
import { SillonApi } from "../../src/schema/api"

// Scaffolding while the handlers are written: replaced, never shipped.
const notYet = Effect.dieMessage("not built yet")

export const AdminLive = HttpApiBuilder.group(SillonApi, "admin", (handlers) =>
  Effect.succeed(
    handlers
      .handle("users", () => notYet)
      .handle("setAdmin", () => notYet)
      .handle("counters", () => notYet)
      .handle("registerCounter", () => notYet)
      .handle("attributeCounter", () => notYet)
      .handle("bleTags", () => notYet)
      .handle("registerTag", () => notYet)
      .handle("attributeTag", () => notYet),
  ),
)
