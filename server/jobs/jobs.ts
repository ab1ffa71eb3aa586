import { randomUUID } from "node:crypto"
import { SqlClient } from "@effect/sql"
import type { SqlError } from "@effect/sql/SqlError"
import { Cause, Duration, Effect, Exit, FiberSet, Layer, Option, Queue, type Scope } from "effect"

/**
 * A durable job queue in the database (table `jobs`, migration 0009), on PGlite and on PostgreSQL,
 * with any number of server instances on one database.
 *
 * - `enqueue` is one INSERT through the ambient SqlClient: inside a transaction the job commits or
 *   rolls back with it (a mail for an invitation that was rolled back never leaves).
 * - Outside a transaction, a job of a kind this process runs is inserted already claimed and
 *   started at once by this process's worker (no poll in between).
 * - Workers claim due jobs with `UPDATE … WHERE id IN (SELECT … FOR UPDATE SKIP LOCKED)`, so two
 *   instances never take the same job; the claim sets a lease (`locked_until`): a job whose worker
 *   died is taken again once its lease has passed. A handler running past its lease is cut off.
 * - A failed run is tried again after an exponential backoff, up to the job's `max_attempts`; then
 *   the job stays in the table, dead, with its last error (and its payload as the kind's `redact`
 *   leaves it). A job that succeeds is deleted.
 *
 * Delivery is at least once: a worker that dies between finishing a job and deleting it leaves it
 * to be run again, so handlers are written to be safe to repeat.
 */

/** Runs one job. Its failure (typed or not) is retried; its payload is what `enqueue` was given. */
export type JobHandler = (payload: unknown, job: JobInfo) => Effect.Effect<void, unknown>

export interface JobInfo {
  readonly id: string
  readonly kind: string
  /** 1 on the first run. */
  readonly attempt: number
  readonly maxAttempts: number
}

export interface HandlerOptions {
  /** Runs in all before the job is kept as dead; also the default of the jobs enqueued here. */
  readonly maxAttempts?: number
  /** The pause after the first failure, doubled after each further one, up to `maxBackoff`. */
  readonly backoff?: Duration.DurationInput
  readonly maxBackoff?: Duration.DurationInput
  /** How long a run may take; past it the run is cut off and another worker may take the job. */
  readonly lease?: Duration.DurationInput
  /** What a dead job keeps of its payload (a mail drops its text: it holds one-time codes). */
  readonly redact?: (payload: unknown) => unknown
}

export interface EnqueueOptions {
  /** Not before this time (default: now). */
  readonly runAt?: Date
  readonly maxAttempts?: number
}

export interface WorkerOptions {
  /** How often the database is asked for due jobs (an enqueue in this process wakes it at once). */
  readonly pollInterval?: Duration.DurationInput
  /** Jobs run at the same time by this worker. */
  readonly concurrency?: number
  /** At shutdown, how long running jobs may take to finish before they are interrupted and released. */
  readonly shutdownGrace?: Duration.DurationInput
}

interface Registered {
  readonly handler: JobHandler
  readonly maxAttempts: number
  readonly backoffMillis: number
  readonly maxBackoffMillis: number
  readonly leaseMillis: number
  readonly redact: ((payload: unknown) => unknown) | undefined
}

export const jobDefaults = {
  maxAttempts: 5,
  backoff: Duration.seconds(10),
  maxBackoff: Duration.hours(1),
  lease: Duration.minutes(1),
  pollInterval: Duration.millis(250),
  concurrency: 4,
  shutdownGrace: Duration.seconds(10),
} as const

/** The pause before run `attempt + 1` after run `attempt` (1-based) failed. */
export const backoffMillis = (attempt: number, baseMillis: number, maxMillis: number): number =>
  Math.min(baseMillis * 2 ** Math.max(0, attempt - 1), maxMillis)

/** A cause as the text kept in `last_error` (bounded: a dead job should not hold megabytes). */
const errorText = (cause: Cause.Cause<unknown>): string => {
  const squashed = Cause.squash(cause)
  // Effect.tryPromise's UnknownException says nothing by itself: what it caught does.
  const failure =
    Cause.isUnknownException(squashed) && squashed.error instanceof Error ? squashed.error : squashed
  const text = failure instanceof Error ? `${failure.name}: ${failure.message}` : Cause.pretty(cause)
  return text.slice(0, 2000)
}

class LeaseOverrun extends Error {
  override readonly name = "LeaseOverrun"
}

interface Claimed {
  readonly id: string
  readonly kind: string
  readonly payload: unknown
  readonly attempts: number
  readonly max_attempts: number
}

/** This process's worker, as `enqueue` hands it a job it may start at once. */
interface LocalWorker {
  /** Whether it has a free slot now. */
  readonly free: () => boolean
  readonly start: (job: Claimed, claim: string) => void
}

/** The queue of one process: where handlers are registered and jobs enqueued. */
export const makeJobs = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  const registry = new Map<string, Registered>()
  const wake = yield* Queue.sliding<void>(1)
  let local: LocalWorker | undefined

  const register = (kind: string, handler: JobHandler, options: HandlerOptions = {}): Effect.Effect<void> =>
    Effect.sync(() => {
      registry.set(kind, {
        handler,
        maxAttempts: options.maxAttempts ?? jobDefaults.maxAttempts,
        backoffMillis: Duration.toMillis(options.backoff ?? jobDefaults.backoff),
        maxBackoffMillis: Duration.toMillis(options.maxBackoff ?? jobDefaults.maxBackoff),
        leaseMillis: Duration.toMillis(options.lease ?? jobDefaults.lease),
        redact: options.redact,
      })
    }).pipe(Effect.zipRight(Queue.offer(wake, undefined)), Effect.asVoid)

  /**
   * Adds a job; returns its id. Through the ambient SqlClient: inside `sql.withTransaction` it is
   * part of that transaction, and this process's worker is woken to look for it (it finds it once
   * committed). Outside a transaction, a job due now whose kind this process runs, while its worker
   * has a free slot, is inserted already claimed (with its lease) and started at once: no poll in
   * between, and should this process die, the lease passes and another instance takes it.
   */
  const enqueue = (
    kind: string,
    payload: unknown,
    options: EnqueueOptions = {},
  ): Effect.Effect<string, SqlError> =>
    Effect.gen(function* () {
      const id = randomUUID()
      const entry = registry.get(kind)
      const maxAttempts = options.maxAttempts ?? entry?.maxAttempts ?? jobDefaults.maxAttempts
      const json = JSON.stringify(payload ?? null)
      const inTransaction = Option.isSome(yield* Effect.serviceOption(SqlClient.TransactionConnection))
      const worker = local
      if (entry && worker?.free() && !inTransaction && options.runAt === undefined) {
        const claim = randomUUID()
        yield* sql`INSERT INTO jobs (id, kind, payload, max_attempts, attempts, locked_by, locked_until)
          VALUES (${id}, ${kind}, ${json}::jsonb, ${maxAttempts}, 1, ${claim},
            now() + ${entry.leaseMillis} * interval '1 millisecond')`
        worker.start({ id, kind, payload: JSON.parse(json), attempts: 1, max_attempts: maxAttempts }, claim)
        return id
      }
      const runAt = options.runAt?.toISOString() ?? null
      yield* sql`INSERT INTO jobs (id, kind, payload, run_at, max_attempts)
        VALUES (${id}, ${kind}, ${json}::jsonb, COALESCE(${runAt}::timestamptz, now()), ${maxAttempts})`
      yield* Queue.offer(wake, undefined)
      return id
    }).pipe(Effect.withSpan("Jobs.enqueue", { attributes: { kind } }))

  return {
    enqueue,
    register,
    /** The registered kinds and how to run them (for the worker). */
    registered: (): ReadonlyMap<string, Registered> => registry,
    /** Resolves when an enqueue or a registration asks workers to look now. */
    woken: Queue.take(wake),
    wake: Queue.offer(wake, undefined).pipe(Effect.asVoid),
    /** The worker of this process attaches itself, so that `enqueue` can hand it jobs; returns the detach. */
    attach: (worker: LocalWorker) =>
      Effect.sync(() => {
        local = worker
        return Effect.sync(() => {
          if (local === worker) local = undefined
        })
      }),
  }
})

export class Jobs extends Effect.Service<Jobs>()("Jobs", { scoped: makeJobs }) {}

/**
 * Runs the registered kinds' due jobs until the scope closes. Several workers (in this process or
 * in other instances) may run over one database: a job is claimed by one of them at a time.
 */
export const runWorker = (
  jobs: Pick<Jobs, "registered" | "woken" | "wake" | "attach">,
  options: WorkerOptions = {},
): Effect.Effect<void, never, SqlClient.SqlClient | Scope.Scope> =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const concurrency = options.concurrency ?? jobDefaults.concurrency
    const pollInterval = options.pollInterval ?? jobDefaults.pollInterval
    const grace = options.shutdownGrace ?? jobDefaults.shutdownGrace

    // Finalizers run in reverse: the polling fiber stops first, then running jobs get `grace` to
    // finish, then the set interrupts what is left (each releases its job for another worker).
    const running = yield* FiberSet.make()
    // (A finalizer is uninterruptible: the wait is made interruptible so that the timeout can end it.)
    yield* Effect.addFinalizer(() =>
      FiberSet.awaitEmpty(running).pipe(Effect.interruptible, Effect.timeout(grace), Effect.ignore),
    )

    /** Settles a run: deleted when done, released when interrupted, retried later or dead when failed. */
    const settle = (
      job: Claimed,
      claim: string,
      entry: Registered | undefined,
      exit: Exit.Exit<unknown, unknown>,
    ) => {
      const mine = sql`id = ${job.id} AND locked_by = ${claim}`
      if (Exit.isSuccess(exit)) return sql`DELETE FROM jobs WHERE ${mine}`.pipe(Effect.asVoid)
      if (Cause.isInterruptedOnly(exit.cause))
        return sql`UPDATE jobs SET locked_until = NULL, locked_by = NULL, attempts = attempts - 1
          WHERE ${mine}`.pipe(Effect.asVoid)
      const error = errorText(exit.cause)
      if (job.attempts >= job.max_attempts) {
        const payload = entry?.redact ? entry.redact(job.payload) : job.payload
        return sql`UPDATE jobs SET dead_at = now(), locked_until = NULL, last_error = ${error},
            attempts = LEAST(attempts, max_attempts),
            payload = ${JSON.stringify(payload ?? null)}::jsonb
          WHERE ${mine}`.pipe(
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
        WHERE ${mine}`.pipe(
        Effect.zipRight(
          Effect.logWarning(
            `Job ${job.kind} ${job.id} failed (run ${job.attempts} of ${job.max_attempts}); again in ${delay} ms`,
            error,
          ),
        ),
      )
    }

    // Runs started and not yet ended (counted when started, so a burst never oversubscribes).
    let active = 0
    const run = (job: Claimed, claim: string) => {
      active++
      const entry = jobs.registered().get(job.kind)
      const info: JobInfo = {
        id: job.id,
        kind: job.kind,
        attempt: job.attempts,
        maxAttempts: job.max_attempts,
      }
      const work: Effect.Effect<void, unknown> =
        entry === undefined
          ? Effect.fail(new Error(`No handler for job kind ${job.kind}`))
          : job.attempts > job.max_attempts
            ? // Its last run's worker stopped or overran the lease: that run counted.
              Effect.fail(
                new LeaseOverrun("The last run ended without an answer (worker stopped or lease passed)"),
              )
            : Effect.suspend(() => entry.handler(job.payload, info)).pipe(
                Effect.timeoutFail({
                  duration: Duration.millis(entry.leaseMillis),
                  onTimeout: () => new LeaseOverrun(`Ran past its lease of ${entry.leaseMillis} ms`),
                }),
              )
      const last = { ...job, attempts: Math.min(job.attempts, job.max_attempts) }
      return work.pipe(
        Effect.onExit((exit) =>
          settle(last, claim, entry, exit).pipe(
            Effect.catchAllCause((cause) => Effect.logError(`Job ${job.kind} ${job.id} not settled`, cause)),
          ),
        ),
        Effect.ignore,
        Effect.ensuring(Effect.sync(() => active--)),
        Effect.zipRight(jobs.wake),
      )
    }

    /** Claims up to the free slots of due jobs of the registered kinds and starts them; how many. */
    const poll = Effect.gen(function* () {
      const registered = jobs.registered()
      const free = concurrency - active
      if (registered.size === 0 || free <= 0) return { claimed: 0, free }
      const claim = randomUUID()
      const leases = JSON.stringify(Object.fromEntries([...registered].map(([k, e]) => [k, e.leaseMillis])))
      const claimed = yield* sql<Claimed>`UPDATE jobs
        SET attempts = attempts + 1, locked_by = ${claim},
          locked_until = now() + (${leases}::jsonb ->> kind)::numeric * interval '1 millisecond'
        WHERE id IN (
          SELECT id FROM jobs
          WHERE dead_at IS NULL AND run_at <= now() AND kind IN ${sql.in([...registered.keys()])}
            AND (locked_until IS NULL OR locked_until < now())
          ORDER BY run_at
          LIMIT ${free}
          FOR UPDATE SKIP LOCKED)
        RETURNING id, kind, payload, attempts, max_attempts`
      for (const job of claimed) yield* FiberSet.run(running, run(job, claim))
      return { claimed: claimed.length, free }
    })

    const loop: Effect.Effect<never> = Effect.gen(function* () {
      const { claimed, free } = yield* poll.pipe(
        Effect.catchAllCause((cause) =>
          Effect.as(Effect.logWarning("Job queue not polled", cause), { claimed: 0, free: 1 }),
        ),
      )
      // Every free slot was filled: more may be due, so look again at once (a full worker then
      // waits, woken when one of its jobs ends).
      if (claimed === 0 || claimed < free) yield* Effect.raceFirst(jobs.woken, Effect.sleep(pollInterval))
    }).pipe(Effect.forever)

    // Jobs enqueued in this process start at once, on this worker's runtime (not the caller's fiber).
    const runFork = yield* FiberSet.runtime(running)<never>()
    const detach = yield* jobs.attach({
      free: () => active < concurrency,
      start: (job, claim) => {
        runFork(run(job, claim))
      },
    })
    yield* Effect.addFinalizer(() => detach)

    yield* Effect.forkScoped(loop)
  })

/** The worker of the app's services: runs the jobs of every kind registered in this process. */
export const JobsWorker = (options: WorkerOptions = {}) =>
  Layer.scopedDiscard(Effect.flatMap(Jobs, (jobs) => runWorker(jobs, options)))

export const JobsWorkerLive = JobsWorker()

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
