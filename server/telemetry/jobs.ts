import { SqlClient } from "@effect/sql"
import { Effect, Layer } from "effect"
import { Config } from "../config"
import { Jobs } from "../jobs/jobs"
import { Mailer } from "../mail/mailer"
import { checkBoxAlerts } from "./alerts"
import { maintainPartitions } from "./partitions"

/** The recurring jobs of the telemetry (server/jobs `recur`: one row per kind, surviving restarts). */
export const telemetryJobs = {
  /** Partitions of `fixes` ahead, rows out of the default partition, the retention. */
  partitions: { kind: "fixesPartitions", every: "6 hours" },
  /** Silent and low-battery boxes: their users told once per episode. */
  alerts: { kind: "boxAlerts", every: "15 minutes" },
} as const

export const TelemetryJobsLive = Layer.effectDiscard(
  Effect.gen(function* () {
    const jobs = yield* Jobs
    const sql = yield* SqlClient.SqlClient
    const config = yield* Config
    yield* jobs.recur(
      telemetryJobs.partitions.kind,
      () =>
        maintainPartitions(config.fixesRetentionMonths).pipe(
          Effect.provideService(SqlClient.SqlClient, sql),
          Effect.asVoid,
        ),
      telemetryJobs.partitions.every,
      { lease: "30 minutes" },
    )
    const mailer = yield* Mailer
    yield* jobs.recur(
      telemetryJobs.alerts.kind,
      () =>
        checkBoxAlerts(mailer, config.publicUrl).pipe(
          Effect.provideService(SqlClient.SqlClient, sql),
          Effect.asVoid,
        ),
      telemetryJobs.alerts.every,
      { lease: "5 minutes" },
    )
  }).pipe(Effect.orDie),
)
