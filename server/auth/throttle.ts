import { SqlClient } from "@effect/sql"
import { Effect, Schema } from "effect"
import { TooManyRequests } from "../../src/schema/errors"
import { decodeSingle } from "../db/decode"
import { retriedTransaction } from "../db/retry"
import { partialFake } from "../lib/fake"

/**
 * A counter of recent attempts under one key, e.g. `signin-account:<email>`; at `limit` within the
 * window (`windowMinutes`, 15 unless given), refuse. One key always goes with the same window.
 */
export interface ThrottleRule {
  readonly key: string
  readonly limit: number
  readonly windowMinutes?: number
}

/** An attempt counted against its keys; `forget` takes it back (the attempt succeeded). */
export interface Attempt {
  readonly forget: Effect.Effect<void>
}

const defaultWindowMinutes = 15

/** throttle_attempts.id is a bigserial: a number from PGlite, text from node-postgres; sent back as it came. */
const AttemptRow = Schema.Struct({ id: Schema.Union(Schema.String, Schema.Number) })
const Count = Schema.Struct({ n: Schema.Number, retry: Schema.NullOr(Schema.Number) })

/** Attempts are rows in the database, so every instance behind a load balancer counts the same. */
export class Throttle extends Effect.Service<Throttle>()("Throttle", {
  effect: Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const windowOf = (rule: ThrottleRule) => `${rule.windowMinutes ?? defaultWindowMinutes} minutes`
    const checkOne = (rule: ThrottleRule) => {
      const window = windowOf(rule)
      return sql`
        SELECT count(*)::int AS n,
               ceil(extract(epoch FROM (min(attempted_at) + ${window}::interval - now())))::int AS retry
        FROM throttle_attempts WHERE key = ${rule.key} AND attempted_at > now() - ${window}::interval`.pipe(
        decodeSingle(Count),
        Effect.flatMap((row) =>
          row.n >= rule.limit ? Effect.fail(TooManyRequests.of(Math.max(1, row.retry ?? 1))) : Effect.void,
        ),
      )
    }
    const count = (rule: ThrottleRule) =>
      sql`DELETE FROM throttle_attempts
        WHERE key = ${rule.key} AND attempted_at < now() - ${windowOf(rule)}::interval`.pipe(
        Effect.zipRight(sql`INSERT INTO throttle_attempts (key) VALUES (${rule.key}) RETURNING id`),
        decodeSingle(AttemptRow),
        Effect.map((row) => row.id),
      )
    const forget = (ids: ReadonlyArray<string | number>): Effect.Effect<void> =>
      sql`DELETE FROM throttle_attempts WHERE ${sql.in("id", ids)}`.pipe(Effect.asVoid, Effect.orDie)
    return {
      /**
       * Counts an attempt under every rule's key, or refuses when one is at its limit. Check and count
       * are one step (the keys are locked meanwhile): parallel requests cannot all pass the check
       * before any of them is counted.
       */
      attempt: (rules: ReadonlyArray<ThrottleRule>): Effect.Effect<Attempt, TooManyRequests> => {
        // Locks taken in one order, so two requests over overlapping keys cannot deadlock.
        const keys = [...new Set(rules.map((rule) => rule.key))].sort()
        const counted = keys.map((key) => rules.find((rule) => rule.key === key) as ThrottleRule)
        return Effect.gen(function* () {
          for (const key of keys) yield* sql`SELECT pg_advisory_xact_lock(hashtext(${key}))::text`
          yield* Effect.forEach(rules, checkOne, { discard: true })
          const ids = yield* Effect.forEach(counted, count)
          return { forget: forget(ids) }
        }).pipe(
          retriedTransaction(sql),
          Effect.catchTag("SqlError", Effect.die),
          Effect.withSpan("Throttle.attempt"),
        )
      },
      clear: (key: string) =>
        sql`DELETE FROM throttle_attempts WHERE key = ${key}`.pipe(
          Effect.asVoid,
          Effect.orDie,
          Effect.withSpan("Throttle.clear"),
        ),
    }
  }),
}) {
  /** A test layer: the members given, any other dies when called. */
  static readonly Test = (members: Partial<Throttle>) => partialFake(Throttle, members)
}
