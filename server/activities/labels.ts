import { SqlClient } from "@effect/sql"
import { Effect, Schema } from "effect"
import { type WorkState, workStates } from "../../src/schema/workStates"
import { NumericColumn } from "../db/columns"
import { decodeAll } from "../db/decode"

const LabelRow = Schema.Struct({
  t: NumericColumn,
  state: NumericColumn,
  activity: Schema.NullOr(Schema.String),
})
const SpanRow = Schema.Struct({ id: Schema.String, start_ms: NumericColumn, end_ms: NumericColumn })

export interface FixLabel {
  readonly state: WorkState
  readonly activity: string | null
}

/**
 * The engine's stored label of each of the machine's fixes in [fromMs, toMs], by instant (epoch
 * ms): its state and the activity it belongs to. A fix of the day after an activity's start day
 * (work across midnight) belongs to the activity whose time holds it. A fix not computed yet has
 * no entry.
 */
export const fixLabels = (machineId: string, fromMs: number, toMs: number) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const from = new Date(fromMs).toISOString()
    const to = new Date(toMs).toISOString()
    // Machine-days are local: a UTC day either side holds every local day of the period.
    const rows = yield* sql`SELECT extract(epoch FROM u.at)::float8 * 1000 AS t, u.state,
        al.activity_ids[u.ai + 1]::text AS activity
      FROM activity_labels al CROSS JOIN LATERAL unnest(al.at, al.states, al.activity_index) AS u(at, state, ai)
      WHERE al.machine_id = ${machineId}
        AND al.day BETWEEN (${from}::timestamptz AT TIME ZONE 'UTC')::date - 1
          AND (${to}::timestamptz AT TIME ZONE 'UTC')::date + 1
        AND u.at >= ${from}::timestamptz AND u.at <= ${to}::timestamptz`.pipe(decodeAll(LabelRow))
    const spans = yield* sql`SELECT id, extract(epoch FROM start_at)::float8 * 1000 AS start_ms,
        extract(epoch FROM end_at)::float8 * 1000 AS end_ms
      FROM activities WHERE machine_id = ${machineId} AND start_at <= ${to}::timestamptz
        AND end_at >= ${from}::timestamptz ORDER BY start_at`.pipe(decodeAll(SpanRow))
    const labels = new Map<number, FixLabel>()
    for (const r of rows) {
      const activity = r.activity ?? spans.find((s) => s.start_ms <= r.t && r.t <= s.end_ms)?.id ?? null
      labels.set(Math.round(r.t), { state: workStates[r.state] ?? "road", activity })
    }
    return labels
  })
