import { HttpApiBuilder } from "@effect/platform"
import { Effect } from "effect"
import { SillonApi } from "../../src/schema/api"

// Scaffolding while the handlers are written: replaced, never shipped.
const notYet = Effect.dieMessage("not built yet")

export const PropertiesLive = HttpApiBuilder.group(SillonApi, "properties", (handlers) =>
  Effect.succeed(
    handlers
      .handle("brands", () => notYet)
      .handle("categories", () => notYet)
      .handle("filterEntries", () => notYet),
  ),
)
