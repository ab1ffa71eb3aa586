import { SqlClient } from "@effect/sql"
import { Context, Effect, Layer } from "effect"
import { TooManyRequests } from "../../src/schema/errors"

/** A counter of recent attempts under one key, e.g. `signin-account:<email>`; at `limit` within the window, refuse. */
export interface ThrottleRule {
  readonly key: string
  readonly limit: number
}

const windowMinutes = 15

/** Attempts are rows in the database, so every instance behind a load balancer counts the same. */
export class Throttle extends Context.Tag("Throttle")<
  Throttle,
  {
    readonly check: (rules: ReadonlyArray<ThrottleRule>) => Effect.Effect<void, TooManyRequests>
    readonly record: (keys: ReadonlyArray<string>) => Effect.Effect<void>
    readonly clear: (key: string) => Effect.Effect<void>
  }
>() {}

export const ThrottleLive = Layer.effect(
  Throttle,
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const window = `${windowMinutes} minutes`
    const checkOne = (rule: ThrottleRule) =>
      sql<{ n: number; retry: number | null }>`
        SELECT count(*)::int AS n,
               ceil(extract(epoch FROM (min(attempted_at) + ${window}::interval - now())))::int AS retry
        FROM throttle_attempts WHERE key = ${rule.key} AND attempted_at > now() - ${window}::interval`.pipe(
        Effect.orDie,
        Effect.flatMap(([row]) =>
          row.n >= rule.limit ? Effect.fail(TooManyRequests.of(Math.max(1, row.retry ?? 1))) : Effect.void,
        ),
      )
    return {
      check: (rules) => Effect.forEach(rules, checkOne, { discard: true }),
      record: (keys) =>
        Effect.forEach(
          keys,
          (key) =>
            sql`DELETE FROM throttle_attempts WHERE key = ${key} AND attempted_at < now() - ${window}::interval`.pipe(
              Effect.zipRight(sql`INSERT INTO throttle_attempts (key) VALUES (${key})`),
            ),
          { discard: true },
        ).pipe(Effect.orDie),
      clear: (key) => sql`DELETE FROM throttle_attempts WHERE key = ${key}`.pipe(Effect.asVoid, Effect.orDie),
    }
  }),
)
