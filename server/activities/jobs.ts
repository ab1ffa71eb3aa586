import { SqlClient } from "@effect/sql"
import { Clock, Effect, Layer, Schema } from "effect"
import { Jobs } from "../jobs/jobs"
import { queueMaintenanceCheck } from "../maintenance/queue"
import { replayWindowMs } from "./days"
import { queueDays, recomputeAttempts, recomputeKind } from "./dirty"
import { recomputeMachineDay } from "./recompute"

const Payload = Schema.Struct({
  machineId: Schema.UUID,
  day: Schema.String.pipe(Schema.pattern(/^\d{4}-\d{2}-\d{2}$/)),
})

/** The recurring job that recomputes the provisional days whose replay window has passed. */
export const finaliseJob = { kind: "activities.finalise", every: "1 hour" } as const

/**
 * One recomputation job: the day's mark is taken off first, so fixes arriving while it runs mark
 * it again and enqueue another run; a run that fails is tried again (the job stays).
 */
export const runRecompute = (payload: unknown) =>
  Effect.gen(function* () {
    const { machineId, day } = yield* Schema.decodeUnknown(Payload)(payload)
    const sql = yield* SqlClient.SqlClient
    yield* sql`DELETE FROM activity_dirty_days WHERE machine_id = ${machineId} AND day = ${day}::date`
    yield* recomputeMachineDay(machineId, day)
    // Working hours moved: the machine's maintenance alerts are checked again.
    yield* queueMaintenanceCheck(machineId, { attachedOnly: true })
  })

/** Queues the provisional days that are final by now (their end 24 h past, in each machine's zone). */
export const queueFinalDays = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  // The day's end plus the replay window before now: the day's end before now minus the window.
  const now = new Date((yield* Clock.currentTimeMillis) - replayWindowMs).toISOString()
  yield* queueDays(sql`SELECT DISTINCT a.machine_id, a.day FROM activities a
    JOIN machines m ON m.id = a.machine_id JOIN clusters c ON c.id = m.cluster_id
    WHERE a.provisional
      AND ((a.day + 1)::timestamp AT TIME ZONE c.time_zone) <= ${now}::timestamptz`)
})

export const ActivitiesJobsLive = Layer.effectDiscard(
  Effect.gen(function* () {
    const jobs = yield* Jobs
    const sql = yield* SqlClient.SqlClient
    yield* jobs.register(
      recomputeKind,
      (payload) => runRecompute(payload).pipe(Effect.provideService(SqlClient.SqlClient, sql)),
      // A day takes well under a second; a run lost with its worker is taken again after this.
      { maxAttempts: recomputeAttempts, lease: "2 minutes" },
    )
    yield* jobs.recur(
      finaliseJob.kind,
      () => queueFinalDays.pipe(Effect.provideService(SqlClient.SqlClient, sql)),
      finaliseJob.every,
      { lease: "5 minutes" },
    )
  }).pipe(Effect.orDie),
)
