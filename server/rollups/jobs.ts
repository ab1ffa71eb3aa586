import { SqlClient } from "@effect/sql"
import { Effect, Layer, Schema } from "effect"
import { Jobs } from "../jobs/jobs"
import { rebuild, sourceExtent } from "./sql"

/** The job that sums a source's fixes held before rollups existed (payload `{ sourceId }`). */
export const rebuildKind = "rollups.rebuild"

const Payload = Schema.Struct({ sourceId: Schema.UUID })
const dayMs = 86_400_000

/** Rebuilds a source's rollups over all its fixes, a day per transaction (a retry redoes it whole). */
export const runRebuild = (payload: unknown) =>
  Effect.gen(function* () {
    const { sourceId } = yield* Schema.decodeUnknown(Payload)(payload)
    const sql = yield* SqlClient.SqlClient
    const extent = yield* sourceExtent(sourceId)
    if (extent === null) return
    for (let day = Math.floor(extent.lo / dayMs) * dayMs; day <= extent.hi; day += dayMs)
      yield* sql.withTransaction(rebuild(sourceId, day, day + dayMs))
  })

export const RollupsJobsLive = Layer.effectDiscard(
  Effect.gen(function* () {
    const jobs = yield* Jobs
    const sql = yield* SqlClient.SqlClient
    yield* jobs.register(
      rebuildKind,
      (payload) => runRebuild(payload).pipe(Effect.provideService(SqlClient.SqlClient, sql)),
      { maxAttempts: 5, lease: "30 minutes" },
    )
  }).pipe(Effect.orDie),
)
