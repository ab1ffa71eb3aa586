import { SqlClient } from "@effect/sql"
import { DateTime, Effect, Schema } from "effect"
import type { CanConfigInput } from "../../src/schema/canbus"
import { JsonColumn, NumericColumn, UtcColumn } from "../db/columns"
import { decodeAll, decodeFirst } from "../db/decode"

/** SPEC §4: an association without an end runs until then. */
const openEnd = "2150-01-01T00:00:00Z"
const at = (value: DateTime.Utc) => DateTime.formatIso(value)

const ConfigRow = Schema.Struct({
  name: Schema.String,
  labels: JsonColumn(
    Schema.Struct({ fr: Schema.String, en: Schema.String, pl: Schema.String, de: Schema.String }),
  ),
  unit: Schema.String,
  scale: NumericColumn,
  offset: NumericColumn,
  chart: Schema.Boolean,
})
const NameRow = Schema.Struct({ name: Schema.String })
const CountRow = Schema.Struct({ n: NumericColumn })
const RawRow = Schema.Struct({
  at: UtcColumn,
  counter_id: Schema.String,
  can: JsonColumn(Schema.Record({ key: Schema.String, value: Schema.Number })),
})

/** SQL of CAN configurations and raw CAN readings. SQL faults are defects. */
export class CanbusRepo extends Effect.Service<CanbusRepo>()("CanbusRepo", {
  effect: Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    /** The machine's readings with CAN values in [start, end), through its associations. */
    const readings = (machineId: string, start: DateTime.Utc, end: DateTime.Utc) =>
      sql`(SELECT f.at, a.counter_id, f.can FROM counter_associations a
        JOIN telemetry_sources s ON s.counter_id = a.counter_id
        JOIN fixes f ON f.source_id = s.id AND f.at >= greatest(a.start_date, ${at(start)}::timestamptz)
          AND f.at < least(coalesce(a.end_date, ${openEnd}::timestamptz), ${at(end)}::timestamptz)
        WHERE a.machine_id = ${machineId} AND f.can IS NOT NULL AND f.can <> '{}'::jsonb)`
    return {
      configs: (machineId: string) =>
        sql`SELECT name, labels, unit, scale, "offset", chart FROM machine_can_configs
          WHERE machine_id = ${machineId} ORDER BY name`.pipe(decodeAll(ConfigRow), Effect.orDie),
      /** The CAN names the machine's boxes sent since `since` (from the minute rollups). */
      seen: (machineId: string, since: DateTime.Utc) =>
        sql`SELECT DISTINCT k AS name FROM counter_associations a
          JOIN telemetry_sources s ON s.counter_id = a.counter_id
          JOIN fix_rollups r ON r.source_id = s.id AND r.grain = 86400
            AND r.bucket >= date_trunc('day', greatest(a.start_date, ${at(since)}::timestamptz), 'UTC')
            AND r.bucket < coalesce(a.end_date, ${openEnd}::timestamptz)
          CROSS JOIN LATERAL jsonb_object_keys(r.can) k
          WHERE a.machine_id = ${machineId} ORDER BY 1`.pipe(
          decodeAll(NameRow),
          Effect.map((rows) => rows.map((r) => r.name)),
          Effect.orDie,
        ),
      put: (machineId: string, name: string, input: CanConfigInput, by: string) =>
        sql`INSERT INTO machine_can_configs (machine_id, name, labels, unit, scale, "offset", chart, updated_by)
          VALUES (${machineId}, ${name}, ${JSON.stringify(input.labels)}::jsonb, ${input.unit}, ${input.scale},
            ${input.offset}, ${input.chart}, ${by})
          ON CONFLICT (machine_id, name) DO UPDATE SET labels = excluded.labels, unit = excluded.unit,
            scale = excluded.scale, "offset" = excluded."offset", chart = excluded.chart,
            updated_by = excluded.updated_by, updated_at = now()`.pipe(Effect.asVoid, Effect.orDie),
      remove: (machineId: string, name: string) =>
        sql`DELETE FROM machine_can_configs WHERE machine_id = ${machineId} AND name = ${name}`.pipe(
          Effect.asVoid,
          Effect.orDie,
        ),
      /** A page of readings with CAN values, oldest first (the CSV's chunks). */
      rawRows: (machineId: string, start: DateTime.Utc, end: DateTime.Utc, page: number, limit: number) =>
        sql`SELECT * FROM ${readings(machineId, start, end)} x ORDER BY x.at, x.counter_id
          LIMIT ${limit} OFFSET ${(page - 1) * limit}`.pipe(decodeAll(RawRow), Effect.orDie),
      /** A page of readings with CAN values, oldest first, every name of the period, and how many. */
      raw: (machineId: string, start: DateTime.Utc, end: DateTime.Utc, page: number, limit: number) =>
        Effect.all({
          total: sql`SELECT count(*) AS n FROM ${readings(machineId, start, end)} x`.pipe(
            decodeFirst(CountRow),
            Effect.map((r) => r?.n ?? 0),
          ),
          names: sql`SELECT DISTINCT k AS name FROM ${readings(machineId, start, end)} x
            CROSS JOIN LATERAL jsonb_object_keys(x.can) k ORDER BY 1`.pipe(
            decodeAll(NameRow),
            Effect.map((rows) => rows.map((r) => r.name)),
          ),
          rows: sql`SELECT * FROM ${readings(machineId, start, end)} x ORDER BY x.at, x.counter_id
            LIMIT ${limit} OFFSET ${(page - 1) * limit}`.pipe(decodeAll(RawRow)),
        }).pipe(Effect.orDie),
    }
  }),
}) {}
