import { randomUUID } from "node:crypto"
import { SqlClient } from "@effect/sql"
import { Cause, Duration, Effect, Exit, FiberSet, type Scope } from "effect"
import type { Jobs } from "./jobs"
import { type Claimed, type JobInfo, jobDefaults, type Registered, type WorkerOptions } from "./options"
import { jobStore } from "./store"

class LeaseOverrun extends Error {
  override readonly name = "LeaseOverrun"
}

/**
 * Runs the registered kinds' due jobs until the scope closes. Several workers (in this process or
 * in other instances) may run over one database: a job is claimed by one of them at a time.
 */
export const runWorker = (
  jobs: Pick<Jobs, "registered" | "woken" | "wake" | "attach">,
  options: WorkerOptions = {},
): Effect.Effect<void, never, SqlClient.SqlClient | Scope.Scope> =>
  Effect.gen(function* () {
    const store = jobStore(yield* SqlClient.SqlClient)
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
      if (Exit.isSuccess(exit)) return store.complete(job, claim)
      if (Cause.isInterruptedOnly(exit.cause)) return store.release(job, claim)
      return store.fail(job, claim, entry, exit.cause)
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
      const claimed = yield* store.claimDue(claim, registered, free)
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
