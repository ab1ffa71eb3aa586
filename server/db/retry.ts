import { SqlClient } from "@effect/sql"
import { SqlError } from "@effect/sql/SqlError"
import { Cause, Duration, Effect, Option, Random } from "effect"

/**
 * SQLSTATEs after which running the whole transaction again is the documented remedy: the database
 * rolled it back only to break a cycle of waits (40P01 deadlock_detected) or because another
 * transaction's commit made it unserializable (40001 serialization_failure). Nothing of it stayed.
 */
const transientStates = new Set(["40P01", "40001"])

/**
 * The transient SQLSTATE found in the cause, if any. Repositories often turn SqlError into a defect
 * (orDie) inside the transaction body, so defects are searched as well as failures.
 */
export const transientState = (cause: Cause.Cause<unknown>): string | undefined =>
  [...Cause.failures(cause), ...Cause.defects(cause)]
    .filter((e): e is SqlError => e instanceof SqlError)
    .map((e) => (e.cause as { code?: unknown } | undefined)?.code)
    .find((code): code is string => typeof code === "string" && transientStates.has(code))

export interface RetryOptions {
  /** How many times the transaction may run again after the first try. */
  readonly retries?: number
  /** The first pause; each further one doubles, half of it random so the same losers do not meet again. */
  readonly baseDelay?: Duration.DurationInput
}

/**
 * `sql.withTransaction`, run again from the start when the database aborted it as a deadlock victim
 * or as unserializable, at most `retries` more times with a growing jittered pause; after the last
 * try the fault goes through unchanged, as do every other fault and interruption.
 *
 * Inside an enclosing transaction it only opens a savepoint and never retries: the abort belongs to
 * the whole outer transaction (its locks stay held, its earlier writes are rolled back), so only the
 * outermost one may run again.
 */
export const retriedTransaction =
  (sql: SqlClient.SqlClient, options: RetryOptions = {}) =>
  <A, E, R>(effect: Effect.Effect<A, E, R>): Effect.Effect<A, E | SqlError, R> => {
    const retries = options.retries ?? 5
    const base = Duration.toMillis(options.baseDelay ?? "10 millis")
    const pause = (attempt: number) =>
      Effect.flatMap(Random.next, (r) => Effect.sleep(Duration.millis(base * 2 ** attempt * (0.5 + r / 2))))
    const run = (attempt: number): Effect.Effect<A, E | SqlError, R> =>
      sql.withTransaction(effect).pipe(
        Effect.catchAllCause((cause) => {
          const state = attempt < retries && !Cause.isInterrupted(cause) ? transientState(cause) : undefined
          if (state === undefined) return Effect.failCause(cause)
          return Effect.logWarning("Transaction aborted by the database; running it again").pipe(
            Effect.annotateLogs({ sqlstate: state, attempt: attempt + 1 }),
            Effect.zipRight(pause(attempt)),
            Effect.zipRight(run(attempt + 1)),
          )
        }),
      )
    return Effect.flatMap(Effect.serviceOption(SqlClient.TransactionConnection), (outer) =>
      Option.isSome(outer) ? sql.withTransaction(effect) : run(0),
    )
  }
