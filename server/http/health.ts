import { HttpApiBuilder } from "@effect/platform"
import { SqlClient } from "@effect/sql"
import { Effect } from "effect"
import { SillonApi } from "../../src/schema/api"
import { DbInfo } from "../db/client"

export const HealthHttpLive = HttpApiBuilder.group(SillonApi, "health", (handlers) =>
  Effect.gen(function* () {
    const db = yield* DbInfo
    const sql = yield* SqlClient.SqlClient
    // A load balancer asks this: answer ok only when the database answers too (else a 500).
    return handlers.handle("health", () =>
      sql`SELECT 1`.pipe(Effect.orDie, Effect.as({ status: "ok" as const, db: db.kind })),
    )
  }),
)
