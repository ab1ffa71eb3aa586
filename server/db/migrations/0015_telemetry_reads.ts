import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

/**
 * What reads and watches the telemetry.
 *
 * `jobs.every_ms`: a recurring job (server/jobs `recur`): one row per kind (the unique index), never
 * deleted; each run that ends puts it back `every_ms` later. It lives in the database, so it
 * survives restarts and runs on one instance at a time whatever the number of instances.
 *
 * `counter_alerts`: the box alerts going on (a box silent for more than a day, or low on battery),
 * one row per box and kind while the episode lasts: its users are told once when the row is
 * made, and the row goes when the box speaks again or its battery is back, so the next episode
 * tells them again.
 *
 * `notifications.counter_id`: which box a box alert is about.
 */
export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`ALTER TABLE jobs ADD COLUMN every_ms bigint CHECK (every_ms > 0)`
  yield* sql`CREATE UNIQUE INDEX jobs_recurring ON jobs (kind) WHERE every_ms IS NOT NULL`

  yield* sql`CREATE TABLE counter_alerts (
    counter_id text NOT NULL REFERENCES counters(id) ON DELETE CASCADE,
    kind text NOT NULL CHECK (kind IN ('boxSilent', 'boxLowBattery')),
    since timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (counter_id, kind)
  )`
  yield* sql`ALTER TABLE notifications ADD COLUMN counter_id text REFERENCES counters(id) ON DELETE CASCADE`
})
