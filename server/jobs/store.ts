import { SqlClient } from "@effect/sql"
import { Cause, Duration, Effect, Option } from "effect"
import { backoffMillis, type Claimed, jobDefaults, type Registered } from "./options"

/** A cause as the text kept in `last_error` (bounded: a dead job should not hold megabytes). */
const errorText = (cause: Cause.Cause<unknown>): string => {
  const squashed = Cause.squash(cause)
  // Effect.tryPromise's UnknownException says nothing by itself: what it caught does.
  const failure =
    Cause.isUnknownException(squashed) && squashed.error instanceof Error ? squashed.error : squashed
  const text = failure instanceof Error ? `${failure.name}: ${failure.message}` : Cause.pretty(cause)
  return text.slice(0, 2000)
}

/** The SQL of the `jobs` table, through `sql` (the ambient transaction, if any, included). */
export const jobStore = (sql: SqlClient.SqlClient) => {
  /** The run `claim` holds: only it may settle the job. */
  const mine = (job: Claimed, claim: string) => sql`id = ${job.id} AND locked_by = ${claim}`

  return {
    /** A job already claimed by `claim` for its first run, with its lease. */
    insertClaimed: (
      id: string,
      kind: string,
      json: string,
      maxAttempts: number,
      claim: string,
      leaseMillis: number,
    ) =>
      sql`INSERT INTO jobs (id, kind, payload, max_attempts, attempts, locked_by, locked_until)
          VALUES (${id}, ${kind}, ${json}::jsonb, ${maxAttempts}, 1, ${claim},
            now() + ${leaseMillis} * interval '1 millisecond')`,

    /** A job due at `runAt` (now when null), for a worker's poll to claim. */
    insert: (id: string, kind: string, json: string, runAt: string | null, maxAttempts: number) =>
      sql`INSERT INTO jobs (id, kind, payload, run_at, max_attempts)
        VALUES (${id}, ${kind}, ${json}::jsonb, COALESCE(${runAt}::timestamptz, now()), ${maxAttempts})`,

    /** Claims up to `limit` due jobs of the registered kinds, each with its kind's lease. */
    claimDue: (claim: string, registered: ReadonlyMap<string, Registered>, limit: number) => {
      const leases = JSON.stringify(Object.fromEntries([...registered].map(([k, e]) => [k, e.leaseMillis])))
      return sql<Claimed>`UPDATE jobs
        SET attempts = attempts + 1, locked_by = ${claim},
          locked_until = now() + (${leases}::jsonb ->> kind)::numeric * interval '1 millisecond'
        WHERE id IN (
          SELECT id FROM jobs
          WHERE dead_at IS NULL AND run_at <= now() AND kind IN ${sql.in([...registered.keys()])}
            AND (locked_until IS NULL OR locked_until < now())
          ORDER BY run_at
          LIMIT ${limit}
          FOR UPDATE SKIP LOCKED)
        RETURNING id, kind, payload, attempts, max_attempts, every_ms`
    },

    /**
     * A recurring job of `kind` every `everyMillis`, due now when it does not exist yet; an existing
     * one keeps its due time and takes the new period.
     */
    ensureRecurring: (id: string, kind: string, everyMillis: number, maxAttempts: number) =>
      sql`INSERT INTO jobs (id, kind, payload, max_attempts, every_ms)
        VALUES (${id}, ${kind}, 'null'::jsonb, ${maxAttempts}, ${everyMillis})
        ON CONFLICT (kind) WHERE every_ms IS NOT NULL DO UPDATE SET every_ms = EXCLUDED.every_ms,
          max_attempts = EXCLUDED.max_attempts, dead_at = NULL`.pipe(Effect.asVoid),

    /** A recurring job of `kind` due now (it runs as soon as a worker is free). */
    runRecurringNow: (kind: string) =>
      sql`UPDATE jobs SET run_at = now() WHERE kind = ${kind} AND every_ms IS NOT NULL`.pipe(Effect.asVoid),

    /** Done: the job is deleted; a recurring one is put back for its next run instead. */
    complete: (job: Claimed, claim: string) =>
      sql`WITH next AS (
            UPDATE jobs SET run_at = now() + every_ms * interval '1 millisecond', attempts = 0,
              locked_by = NULL, locked_until = NULL, last_error = NULL
            WHERE ${mine(job, claim)} AND every_ms IS NOT NULL)
          DELETE FROM jobs WHERE ${mine(job, claim)} AND every_ms IS NULL`.pipe(Effect.asVoid),

    /** Interrupted: the job is released for another worker, the run not counted. */
    release: (job: Claimed, claim: string) =>
      sql`UPDATE jobs SET locked_until = NULL, locked_by = NULL, attempts = attempts - 1
          WHERE ${mine(job, claim)}`.pipe(Effect.asVoid),

    /** Failed: tried again after its backoff, or kept as dead after its last run. */
    fail: (job: Claimed, claim: string, entry: Registered | undefined, cause: Cause.Cause<unknown>) => {
      const error = errorText(cause)
      if (job.attempts >= job.max_attempts && job.every_ms != null) {
        // A recurring job never dies: after its last try it waits for its next period.
        return sql`UPDATE jobs SET run_at = now() + every_ms * interval '1 millisecond', attempts = 0,
            locked_by = NULL, locked_until = NULL, last_error = ${error}
          WHERE ${mine(job, claim)}`.pipe(
          Effect.zipRight(
            Effect.logError(
              `Recurring job ${job.kind} failed ${job.attempts} times; next run at its period`,
              error,
            ),
          ),
        )
      }
      if (job.attempts >= job.max_attempts) {
        const payload = entry?.redact ? entry.redact(job.payload) : job.payload
        return sql`UPDATE jobs SET dead_at = now(), locked_until = NULL, last_error = ${error},
            attempts = LEAST(attempts, max_attempts),
            payload = ${JSON.stringify(payload ?? null)}::jsonb
          WHERE ${mine(job, claim)}`.pipe(
          Effect.zipRight(
            Effect.logError(`Job ${job.kind} ${job.id} failed ${job.attempts} times; kept as dead`, error),
          ),
        )
      }
      const delay = backoffMillis(
        job.attempts,
        entry?.backoffMillis ?? Duration.toMillis(jobDefaults.backoff),
        entry?.maxBackoffMillis ?? Duration.toMillis(jobDefaults.maxBackoff),
      )
      return sql`UPDATE jobs SET run_at = now() + ${delay} * interval '1 millisecond',
          locked_until = NULL, locked_by = NULL, last_error = ${error}
        WHERE ${mine(job, claim)}`.pipe(
        Effect.zipRight(
          Effect.logWarning(
            `Job ${job.kind} ${job.id} failed (run ${job.attempts} of ${job.max_attempts}); again in ${delay} ms`,
            error,
          ),
        ),
      )
    },
  }
}

/** The job's row as tests and tools read it. */
export const jobRow = (id: string) =>
  Effect.flatMap(
    SqlClient.SqlClient,
    (sql) =>
      sql<{
        kind: string
        payload: unknown
        attempts: number
        max_attempts: number
        last_error: string | null
        dead: boolean
        waiting: boolean
      }>`SELECT kind, payload, attempts, max_attempts, last_error, dead_at IS NOT NULL AS dead,
        run_at > now() AS waiting
      FROM jobs WHERE id = ${id}`,
  ).pipe(Effect.map((rows) => Option.fromNullable(rows[0])))
