import { HttpApiBuilder } from "@effect/platform"
import { Effect } from "effect"
import { SillonApi } from "../../src/schema/api"
import { DbInfo } from "../db/client"

export const HealthLive = HttpApiBuilder.group(SillonApi, "health", (handlers) =>
  Effect.gen(function* () {
    const db = yield* DbInfo
    return handlers.handle("health", () => Effect.succeed({ status: "ok" as const, db: db.kind }))
  }),
)
