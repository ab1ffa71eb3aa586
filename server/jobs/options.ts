import { Duration, type Effect } from "effect"

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

export interface Registered {
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

export interface Claimed {
  readonly id: string
  readonly kind: string
  readonly payload: unknown
  readonly attempts: number
  readonly max_attempts: number
  /** The period of a recurring job (null or absent for a one-off). */
  readonly every_ms?: unknown
}

/** This process's worker, as `enqueue` hands it a job it may start at once. */
export interface LocalWorker {
  /** Whether it has a free slot now. */
  readonly free: () => boolean
  readonly start: (job: Claimed, claim: string) => void
}
