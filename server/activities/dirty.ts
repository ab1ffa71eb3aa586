import { SqlClient, type Statement } from "@effect/sql"
import { Effect } from "effect"
import { overlapHours } from "./days"

/** The job that recomputes one machine-day; payload `{ machineId, day }` (day: local YYYY-MM-DD). */
export const recomputeKind = "activities.recompute"
export const recomputeAttempts = 5

/** How far back a change of settings or of a field recomputes by default (ACTIVITIES_RECOMPUTE_DAYS). */
export const recomputeWindowDays = 90

const openEnd = "2150-01-01T00:00:00Z"

/**
 * Two CTEs (`dirty`, `queued`) that mark the machine-days of `days` (a `SELECT machine_id, day`
 * fragment) to recompute and enqueue one job per day not already waiting: a burst of uploads for
 * one day enqueues one job. For a statement of its own (`queueDays`) or another's (the ingest's).
 */
export const queueCtes = (sql: SqlClient.SqlClient, days: Statement.Fragment) =>
  sql`dirty AS (
      INSERT INTO activity_dirty_days (machine_id, day) SELECT DISTINCT d.machine_id, d.day FROM (${days}) d
      ON CONFLICT DO NOTHING RETURNING machine_id, day),
    queued AS (INSERT INTO jobs (id, kind, payload, max_attempts)
      SELECT gen_random_uuid(), ${recomputeKind}, jsonb_build_object('machineId', machine_id, 'day', day::text),
        ${recomputeAttempts} FROM dirty RETURNING 1)`

/**
 * Marks machine-days to recompute and enqueues their jobs in one statement through the ambient
 * SqlClient: inside a transaction, it commits or rolls back with the change that caused it.
 */
export const queueDays = (days: Statement.Fragment) =>
  Effect.flatMap(
    SqlClient.SqlClient,
    (sql) => sql`WITH ${queueCtes(sql, days)} SELECT count(*) FROM queued`,
  ).pipe(Effect.asVoid, Effect.orDie)

/**
 * The days (local to each machine's structure) of instants `at` of `rows` for machine `machine`,
 * with the day before and after when the instant is within the overlap of midnight: the
 * neighbouring day reads it too. `rows` is a FROM item with columns `machine_id` and `at`.
 */
export const daysAround = (sql: SqlClient.SqlClient, rows: Statement.Fragment) =>
  sql`SELECT x.machine_id, ((x.at + o.shift) AT TIME ZONE c.time_zone)::date AS day
    FROM ${rows} JOIN machines m ON m.id = x.machine_id JOIN clusters c ON c.id = m.cluster_id
    CROSS JOIN (VALUES (interval '0'), (make_interval(hours => ${overlapHours})),
      (make_interval(hours => ${-overlapHours}))) o(shift)`

/**
 * The machine-days the fixes of a statement's `stored` CTE (with column `at`) touch, for the box
 * `counterId`: through the associations covering each fix.
 */
export const storedFixDays = (sql: SqlClient.SqlClient, counterId: string) =>
  daysAround(
    sql,
    sql`(SELECT a.machine_id, s.at FROM stored s JOIN counter_associations a ON a.counter_id = ${counterId}
      AND s.at >= a.start_date AND s.at < coalesce(a.end_date, ${openEnd}::timestamptz)) x`,
  )

/** Settings, tool width or consumption changed: the machine's days with fixes in the window. */
export const queueMachine = (machineId: string, windowDays = recomputeWindowDays) =>
  Effect.flatMap(SqlClient.SqlClient, (sql) =>
    queueDays(sql`SELECT machine_id, day FROM activity_labels
      WHERE machine_id = ${machineId} AND day >= current_date - ${windowDays}::int`),
  )

/**
 * An association's span [start, end) is taken, given or changed: the days of the box's fixes in
 * it (attributed to the machine now, or before), and the machine's computed days in it.
 */
export const queueSpan = (machineId: string, counterId: string, start: string, end: string | null) =>
  Effect.flatMap(SqlClient.SqlClient, (sql) => {
    const to = end ?? openEnd
    const fixes = sql`(SELECT ${machineId}::uuid AS machine_id, f.at FROM telemetry_sources s
      JOIN fixes f ON f.source_id = s.id
      WHERE s.counter_id = ${counterId} AND f.at >= ${start}::timestamptz AND f.at < ${to}::timestamptz) x`
    return queueDays(sql`${daysAround(sql, fixes)}
      UNION SELECT l.machine_id, l.day FROM activity_labels l JOIN machines m ON m.id = l.machine_id
        JOIN clusters c ON c.id = m.cluster_id
      WHERE l.machine_id = ${machineId} AND l.day >= (${start}::timestamptz AT TIME ZONE c.time_zone)::date - 1
        AND l.day <= (least(${to}::timestamptz, now() + interval '2 days') AT TIME ZONE c.time_zone)::date + 1`)
  })

/**
 * Fields as they stand (before an edit or deletion, and after one): the days of the machines of
 * the structures its owner belongs to whose trace crossed its box, or that worked it, in the window.
 */
export const queueFields = (fieldIds: ReadonlyArray<string>, windowDays = recomputeWindowDays) =>
  Effect.flatMap(SqlClient.SqlClient, (sql) =>
    queueDays(sql`SELECT l.machine_id, l.day FROM fields f
      JOIN memberships ms ON ms.user_id = f.owner_id
      JOIN machines m ON m.cluster_id = ms.cluster_id
      JOIN activity_labels l ON l.machine_id = m.id
      WHERE f.id IN ${sql.in(fieldIds.length === 0 ? [null] : fieldIds)}
        AND l.day >= current_date - ${windowDays}::int
        AND (f.id = ANY(l.field_ids)
          OR (l.box_w <= f.box_e AND l.box_e >= f.box_w AND l.box_s <= f.box_n AND l.box_n >= f.box_s))`),
  )

/**
 * A booking as it stands (before a change, and after one): the computed days of its machines over
 * its period, whose activities it may attribute (SPEC §3: the booking's member, its product).
 */
export const queueBooking = (bookingId: string) =>
  Effect.flatMap(SqlClient.SqlClient, (sql) =>
    queueDays(sql`SELECT l.machine_id, l.day FROM booking_resources r
      JOIN activity_labels l ON l.machine_id = r.machine_id
      WHERE r.booking_id = ${bookingId} AND r.machine_id IS NOT NULL
        AND l.day BETWEEN (lower(r.during) AT TIME ZONE 'UTC')::date - 1 AND (upper(r.during) AT TIME ZONE 'UTC')::date + 1`),
  )
