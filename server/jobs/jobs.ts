import { randomUUID } from "node:crypto"
import { SqlClient } from "@effect/sql"
import type { SqlError } from "@effect/sql/SqlError"
import { Duration, Effect, Layer, Option, Queue } from "effect"
import {
  type EnqueueOptions,
  type HandlerOptions,
  type JobHandler,
  jobDefaults,
  type LocalWorker,
  type Registered,
  type WorkerOptions,
} from "./options"
import { jobStore } from "./store"
import { runWorker } from "./worker"

export {
  backoffMillis,
  type EnqueueOptions,
  type HandlerOptions,
  type JobHandler,
  type JobInfo,
  jobDefaults,
  type WorkerOptions,
} from "./options"
export { jobRow } from "./store"
export { runWorker } from "./worker"

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

/** The queue of one process: where handlers are registered and jobs enqueued. */
export const makeJobs = Effect.gen(function* () {
  const store = jobStore(yield* SqlClient.SqlClient)
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
   * A recurring job: registers `handler` for `kind` and makes sure the database holds the one job
   * of that kind (due now when it is new). Each run that ends, well or not, puts it back `every`
   * later; it is never deleted and never dies, so it survives restarts, and with several instances
   * only one runs it at a time. Its payload is null. A process that only enqueues never calls this.
   */
  const recur = (
    kind: string,
    handler: JobHandler,
    every: Duration.DurationInput,
    options: HandlerOptions = {},
  ): Effect.Effect<void, SqlError> =>
    Effect.gen(function* () {
      const maxAttempts = options.maxAttempts ?? jobDefaults.maxAttempts
      yield* store.ensureRecurring(randomUUID(), kind, Duration.toMillis(every), maxAttempts)
      yield* register(kind, handler, options)
    })

  /** The recurring job of `kind` runs now (an operator's or a test's nudge); its period restarts after. */
  const runNow = (kind: string): Effect.Effect<void, SqlError> =>
    store.runRecurringNow(kind).pipe(Effect.zipRight(Queue.offer(wake, undefined)), Effect.asVoid)

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
        yield* store.insertClaimed(id, kind, json, maxAttempts, claim, entry.leaseMillis)
        worker.start({ id, kind, payload: JSON.parse(json), attempts: 1, max_attempts: maxAttempts }, claim)
        return id
      }
      const runAt = options.runAt?.toISOString() ?? null
      yield* store.insert(id, kind, json, runAt, maxAttempts)
      yield* Queue.offer(wake, undefined)
      return id
    }).pipe(Effect.withSpan("Jobs.enqueue", { attributes: { kind } }))

  return {
    enqueue,
    register,
    recur,
    runNow,
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

/** The worker of the app's services: runs the jobs of every kind registered in this process. */
export const JobsWorker = (options: WorkerOptions = {}) =>
  Layer.scopedDiscard(Effect.flatMap(Jobs, (jobs) => runWorker(jobs, options)))

export const JobsWorkerLive = JobsWorker()
