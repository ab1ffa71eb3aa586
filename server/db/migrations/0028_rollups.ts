import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

/**
 * Rollups (docs/dashboards.md): what a box's fixes say, summed per minute, hour and day (UTC), so
 * a figure over a year reads a few hundred rows instead of six million fixes.
 *
 * `fix_rollups`: one row per source, grain (60, 3600 or 86400 s) and bucket. Each fix lasts until
 * the next one of its source, at most 60 s (`categoryGapSeconds`); its time, distance to the next
 * fix (within that gap), speed and CAN values are summed in the bucket of the fix. Kept per source,
 * not per machine: a machine's figures are its boxes' rollups over its associations' spans, read
 * at query time, so editing an association's dates needs no rebuild. Maintained by the ingest in
 * the transaction that stores the fixes (server/rollups/sql.ts): the minutes the new fixes touch
 * (and the minute of each one's predecessor, whose time changed) are recomputed from the fixes,
 * then their hours from the minutes, then their days from the hours — a late upload is exact.
 *
 * `fix_bins`: per source, grain (hour or day), bucket and value, how many fixes fell in each
 * logarithmic bin (relative width 2 %, src/schema/rollups.ts): merged over any period they give a
 * percentile within 1 % of the exact one. Counted from the new fixes by the statement that stores
 * them (a bin's count is additive; the key makes the insertion idempotent).
 *
 * `machine_state_hours`: what the activity engine decided, per machine, local day and UTC hour:
 * seconds in each state of src/schema/workStates.ts. Rewritten with the day's labels.
 */
export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`CREATE TABLE fix_rollups (
    source_id uuid NOT NULL REFERENCES telemetry_sources(id) ON DELETE CASCADE,
    grain integer NOT NULL CHECK (grain IN (60, 3600, 86400)),
    bucket timestamptz NOT NULL,
    fixes integer NOT NULL,
    seconds double precision NOT NULL,
    moving_s double precision NOT NULL,
    engine_s double precision NOT NULL,
    distance_m double precision NOT NULL,
    speed_n integer NOT NULL,
    speed_sum double precision NOT NULL,
    speed_min real,
    speed_max real,
    vib_s double precision[] NOT NULL,
    battery real,
    battery_at timestamptz,
    first_at timestamptz NOT NULL,
    last_at timestamptz NOT NULL,
    can jsonb NOT NULL,
    PRIMARY KEY (source_id, grain, bucket)
  )`
  yield* sql`CREATE TABLE fix_bins (
    source_id uuid NOT NULL REFERENCES telemetry_sources(id) ON DELETE CASCADE,
    grain integer NOT NULL CHECK (grain IN (3600, 86400)),
    bucket timestamptz NOT NULL,
    field text NOT NULL,
    bin integer NOT NULL,
    n integer NOT NULL,
    PRIMARY KEY (source_id, grain, bucket, field, bin)
  )`
  // The bin of a value (src/schema/rollups.ts says how to read one back): 0 for zero, then
  // ±(2000 + ceil(log base 1.02 of |v|)) — each bin 2 % wide, from 1e-6 to 1e12.
  yield* sql.unsafe(`CREATE FUNCTION rollup_bin(v double precision) RETURNS integer LANGUAGE sql IMMUTABLE AS $$
    SELECT CASE WHEN abs(v) < 1e-6 THEN 0
                WHEN v > 0 THEN 2000 + ceil(ln(v) / ln(1.02))::integer
                ELSE -(2000 + ceil(ln(-v) / ln(1.02))::integer) END $$`)
  // Every source's fixes held before rollups existed are summed by the job queue, one source a job.
  yield* sql`INSERT INTO jobs (id, kind, payload, max_attempts)
    SELECT gen_random_uuid(), 'rollups.rebuild', jsonb_build_object('sourceId', s.id), 5
    FROM telemetry_sources s WHERE EXISTS (SELECT 1 FROM fixes f WHERE f.source_id = s.id)`
  yield* sql`CREATE TABLE machine_state_hours (
    machine_id uuid NOT NULL REFERENCES machines(id) ON DELETE CASCADE,
    day date NOT NULL,
    hour timestamptz NOT NULL,
    state smallint NOT NULL,
    seconds double precision NOT NULL,
    PRIMARY KEY (machine_id, day, hour, state)
  )`
  yield* sql`CREATE INDEX machine_state_hours_hour ON machine_state_hours (machine_id, hour)`
  // The days labelled before: their hours, from their labels (as server/rollups/states.ts writes them).
  yield* sql`WITH timed AS (SELECT l.machine_id, l.day, u.at, u.state,
      CASE WHEN lead(u.at) OVER w IS NULL THEN 0
           ELSE least(extract(epoch FROM lead(u.at) OVER w - u.at)::float8, 60) END AS dur
    FROM activity_labels l, unnest(l.at, l.states) AS u(at, state)
    WINDOW w AS (PARTITION BY l.machine_id, l.day ORDER BY u.at))
  INSERT INTO machine_state_hours (machine_id, day, hour, state, seconds)
  SELECT machine_id, day, date_trunc('hour', at, 'UTC'), state, sum(dur) FROM timed
  GROUP BY 1, 2, 3, 4 HAVING sum(dur) > 0`
})
