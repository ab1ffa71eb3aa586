import { SqlClient, type Statement } from "@effect/sql"
import { Effect } from "effect"
import { categoryGapSeconds } from "../../src/schema/telemetryReads"

/**
 * Rewrites `machine_state_hours` for the machine-days `where` selects in `activity_labels` (a
 * condition on `l`): seconds in each state per UTC hour, each labelled fix lasting until the next
 * of its day, at most `categoryGapSeconds` — as the fixes' rollups count time. Two statements:
 * run it in the transaction that wrote the labels.
 */
export const writeStateHours = (where: (sql: SqlClient.SqlClient) => Statement.Fragment) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    yield* sql`DELETE FROM machine_state_hours h USING activity_labels l
      WHERE h.machine_id = l.machine_id AND h.day = l.day AND ${where(sql)}`
    yield* sql`WITH timed AS (SELECT l.machine_id, l.day, u.at, u.state,
        CASE WHEN lead(u.at) OVER w IS NULL THEN 0
             ELSE least(extract(epoch FROM lead(u.at) OVER w - u.at)::float8, ${categoryGapSeconds}) END AS dur
      FROM activity_labels l, unnest(l.at, l.states) AS u(at, state) WHERE ${where(sql)}
      WINDOW w AS (PARTITION BY l.machine_id, l.day ORDER BY u.at))
    INSERT INTO machine_state_hours (machine_id, day, hour, state, seconds)
    SELECT machine_id, day, date_trunc('hour', at, 'UTC'), state, sum(dur) FROM timed
    GROUP BY 1, 2, 3, 4 HAVING sum(dur) > 0`
  }).pipe(Effect.orDie)
