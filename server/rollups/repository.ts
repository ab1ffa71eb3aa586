import { SqlClient } from "@effect/sql"
import { Effect, Schema } from "effect"
import { binOf, type CanFigures, cover, type Grain, type Item, type Piece } from "../../src/schema/rollups"
import { NumericColumn } from "../db/columns"
import { decodeAll } from "../db/decode"
import { motion, timing } from "./sql"

/** SPEC §4: an association without an end runs until then. */
const openEnd = "2150-01-01T00:00:00Z"
const iso = (ms: number) => new Date(ms).toISOString()
const ms = (v: Date | string) => (typeof v === "string" ? Date.parse(v) : v.getTime())

/** A part of a machine's period read from one box's source. */
export interface SourcePiece extends Piece {
  readonly sourceId: string
}

const SpanRow = Schema.Struct({ source_id: Schema.String, from_ms: NumericColumn, to_ms: NumericColumn })
const Num = Schema.NullOr(NumericColumn)
const CanJson = Schema.Record({
  key: Schema.String,
  value: Schema.Struct({
    n: NumericColumn,
    sum: NumericColumn,
    min: NumericColumn,
    max: NumericColumn,
    last: NumericColumn,
    at: NumericColumn,
  }),
})
const RollupRow = Schema.Struct({
  bucket_ms: NumericColumn,
  fixes: NumericColumn,
  seconds: NumericColumn,
  moving_s: NumericColumn,
  engine_s: NumericColumn,
  distance_m: NumericColumn,
  speed_n: NumericColumn,
  speed_sum: NumericColumn,
  speed_min: Num,
  speed_max: Num,
  vib_s: Schema.Array(NumericColumn),
  battery: Num,
  battery_ms: Num,
  can: Schema.Union(CanJson, Schema.parseJson(CanJson)),
})
const FixRow = Schema.Struct({
  at_ms: NumericColumn,
  speed_kmh: Num,
  vibration: Num,
  battery: Num,
  can: Schema.NullOr(
    Schema.Union(
      Schema.Record({ key: Schema.String, value: Schema.Number }),
      Schema.parseJson(Schema.Record({ key: Schema.String, value: Schema.Number })),
    ),
  ),
  dur: NumericColumn,
  dist: NumericColumn,
  moving: Schema.Boolean,
  engine: Schema.Boolean,
})
const StepRow = Schema.Struct({
  i: NumericColumn,
  n: NumericColumn,
  s: NumericColumn,
  mi: Num,
  ma: Num,
  la: Num,
  lat: Num,
})
const BinRow = Schema.Struct({ bin: NumericColumn, n: NumericColumn })
const ValueRow = Schema.Struct({ v: NumericColumn })
const StateRow = Schema.Struct({ state: NumericColumn, seconds: NumericColumn })

const toItem = (r: typeof RollupRow.Type): Item => ({
  at: r.bucket_ms,
  fixes: r.fixes,
  seconds: r.seconds,
  moving: r.moving_s,
  engine: r.engine_s,
  distance: r.distance_m,
  speedN: r.speed_n,
  speedSum: r.speed_sum,
  speedMin: r.speed_min,
  speedMax: r.speed_max,
  vibration: [r.vib_s[0] ?? 0, r.vib_s[1] ?? 0, r.vib_s[2] ?? 0, r.vib_s[3] ?? 0],
  battery: r.battery,
  batteryAt: r.battery_ms,
  can: r.can as Record<string, CanFigures>,
})

const fixItem = (r: typeof FixRow.Type): Item => {
  const vibration: [number, number, number, number] = [0, 0, 0, 0]
  if (r.vibration !== null && r.vibration >= 0 && r.vibration <= 3) vibration[r.vibration] = r.dur
  const can: Record<string, CanFigures> = {}
  for (const [name, v] of Object.entries(r.can ?? {}))
    can[name] = { n: 1, sum: v, min: v, max: v, last: v, at: r.at_ms }
  return {
    at: r.at_ms,
    fixes: 1,
    seconds: r.dur,
    moving: r.moving ? r.dur : 0,
    engine: r.engine ? r.dur : 0,
    distance: r.dist,
    speedN: r.speed_kmh === null ? 0 : 1,
    speedSum: r.speed_kmh ?? 0,
    speedMin: r.speed_kmh,
    speedMax: r.speed_kmh,
    vibration,
    battery: r.battery,
    batteryAt: r.battery === null ? null : r.at_ms,
    can,
  }
}

/**
 * SQL of reading the rollups (server/db/migrations/0028_rollups.ts) for a machine: its spans (the
 * associations of its boxes), the rows covering a period at the grains asked, the fixes at the
 * edges, the bins, the engine's states. SQL faults are defects.
 */
export class RollupsRepo extends Effect.Service<RollupsRepo>()("RollupsRepo", {
  effect: Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient

    const arrays = (pieces: ReadonlyArray<SourcePiece>) => ({
      sources: `{${pieces.map((p) => p.sourceId).join(",")}}`,
      grains: `{${pieces.map((p) => p.grain).join(",")}}`,
      froms: `{${pieces.map((p) => `"${iso(p.from)}"`).join(",")}}`,
      tos: `{${pieces.map((p) => `"${iso(p.to)}"`).join(",")}}`,
    })
    const piecesOf = (pieces: ReadonlyArray<SourcePiece>) => {
      const a = arrays(pieces)
      return sql`unnest(${a.sources}::uuid[], ${a.grains}::int[], ${a.froms}::timestamptz[], ${a.tos}::timestamptz[])
        AS p(source_id, grain, a, b)`
    }

    /** Rows and raw fixes of `pieces` as items. */
    const items = (pieces: ReadonlyArray<SourcePiece>) =>
      Effect.gen(function* () {
        const rolled = pieces.filter((p) => p.grain > 0)
        const raw = pieces.filter((p) => p.grain === 0)
        const rows =
          rolled.length === 0
            ? []
            : yield* sql`SELECT extract(epoch FROM r.bucket) * 1000 AS bucket_ms, r.fixes, r.seconds, r.moving_s,
                r.engine_s, r.distance_m, r.speed_n, r.speed_sum, r.speed_min, r.speed_max, r.vib_s, r.battery,
                extract(epoch FROM r.battery_at) * 1000 AS battery_ms, r.can
              FROM ${piecesOf(rolled)} JOIN fix_rollups r ON r.source_id = p.source_id AND r.grain = p.grain
                AND r.bucket >= p.a AND r.bucket < p.b`.pipe(decodeAll(RollupRow))
        const fixes =
          raw.length === 0
            ? []
            : yield* sql`WITH f AS (SELECT f.at, f.lng, f.lat, f.speed_kmh, f.vibration, f.battery, f.can,
                  n.at AS next_at, n.lng AS next_lng, n.lat AS next_lat
                FROM ${piecesOf(raw)} JOIN fixes f ON f.source_id = p.source_id AND f.at >= p.a AND f.at < p.b
                LEFT JOIN LATERAL (SELECT x.at, x.lng, x.lat FROM fixes x WHERE x.source_id = f.source_id
                  AND x.at > f.at ORDER BY x.at LIMIT 1) n ON true),
                d AS (SELECT f.*, ${sql.unsafe(timing("f"))} FROM f)
              SELECT extract(epoch FROM d.at) * 1000 AS at_ms, d.speed_kmh, d.vibration, d.battery, d.can, d.dur,
                d.dist, ${sql.unsafe(motion("d"))} FROM d`.pipe(decodeAll(FixRow))
        return [...rows.map(toItem), ...fixes.map(fixItem)]
      })

    /** The merged bins of `field` ("speed" or "can.<name>") over `pieces`: fixes read raw binned here. */
    const bins = (pieces: ReadonlyArray<SourcePiece>, field: string) =>
      Effect.gen(function* () {
        const binned = pieces.filter((p) => p.grain >= 3600)
        const raw = pieces.filter((p) => p.grain < 3600)
        const merged = new Map<number, number>()
        if (binned.length > 0) {
          // One index range per piece (OFFSET 0 keeps the subquery apart): joined as a whole, the
          // planner scanned every bin of the table for a year's few pieces.
          const rows = yield* sql`SELECT b.bin, sum(b.n) AS n FROM ${piecesOf(binned)}
            CROSS JOIN LATERAL (SELECT x.bin, x.n FROM fix_bins x WHERE x.source_id = p.source_id
              AND x.grain = p.grain AND x.field = ${field} AND x.bucket >= p.a AND x.bucket < p.b OFFSET 0) b
            GROUP BY b.bin`.pipe(decodeAll(BinRow))
          for (const r of rows) merged.set(r.bin, (merged.get(r.bin) ?? 0) + r.n)
        }
        if (raw.length > 0) {
          const value =
            field === "speed" ? sql`f.speed_kmh::float8` : sql`(f.can ->> ${field.slice(4)})::float8`
          const rows = yield* sql`SELECT ${value} AS v FROM ${piecesOf(raw)}
            JOIN fixes f ON f.source_id = p.source_id AND f.at >= p.a AND f.at < p.b
            WHERE ${value} IS NOT NULL`.pipe(decodeAll(ValueRow))
          for (const r of rows) {
            const bin = binOf(r.v)
            merged.set(bin, (merged.get(bin) ?? 0) + 1)
          }
        }
        return merged
      })

    /**
     * A value field's figures per step `i` (floor((t − from) / step)) over `pieces`, summed in SQL:
     * rollup rows by their bucket's start, fixes read raw by their time. One row per step. The step
     * is computed in double precision (`date_part`), exact for whole milliseconds: `extract` gives
     * numeric, whose arithmetic was a third of a year's query.
     */
    const valueSteps = (pieces: ReadonlyArray<SourcePiece>, field: string, from: number, step: number) =>
      Effect.gen(function* () {
        const rolled = pieces.filter((p) => p.grain > 0)
        const raw = pieces.filter((p) => p.grain === 0)
        const name = field.startsWith("can.") ? field.slice(4) : null
        const fromRollup =
          field === "speed"
            ? sql`r.speed_n::float8, r.speed_sum, r.speed_min::float8, r.speed_max::float8, NULL::float8, NULL::float8`
            : field === "battery"
              ? sql`CASE WHEN r.battery IS NULL THEN 0 ELSE 1 END::float8, coalesce(r.battery, 0)::float8,
                  r.battery::float8, r.battery::float8, r.battery::float8, extract(epoch FROM r.battery_at) * 1000`
              : sql`(r.can -> ${name} ->> 'n')::float8, (r.can -> ${name} ->> 'sum')::float8,
                  (r.can -> ${name} ->> 'min')::float8, (r.can -> ${name} ->> 'max')::float8,
                  (r.can -> ${name} ->> 'last')::float8, (r.can -> ${name} ->> 'at')::float8`
        const rawValue =
          field === "speed"
            ? sql`f.speed_kmh::float8`
            : field === "battery"
              ? sql`f.battery::float8`
              : sql`(f.can ->> ${name})::float8`
        // The latest value is asked of CAN values and the battery; ordering each step's values for a
        // speed, which has none, cost a third of a year's series.
        const grouped =
          field === "speed"
            ? sql`SELECT i, sum(n) AS n, sum(s) AS s, min(mi) AS mi, max(ma) AS ma, NULL::float8 AS la, NULL::float8 AS lat`
            : sql`SELECT i, sum(n) AS n, sum(s) AS s, min(mi) AS mi, max(ma) AS ma,
            (array_agg(la ORDER BY lat DESC) FILTER (WHERE la IS NOT NULL))[1] AS la, max(lat) AS lat`
        const rows: Array<typeof StepRow.Type> = []
        if (rolled.length > 0)
          rows.push(
            ...(yield* sql`${grouped} FROM (SELECT floor((date_part('epoch', r.bucket) * 1000 - ${from}) / ${step})::int AS i,
                  v.n, v.s, v.mi, v.ma, v.la, v.lat
                FROM ${piecesOf(rolled)} JOIN fix_rollups r ON r.source_id = p.source_id AND r.grain = p.grain
                  AND r.bucket >= p.a AND r.bucket < p.b
                CROSS JOIN LATERAL (SELECT ${fromRollup}) AS v(n, s, mi, ma, la, lat)
                WHERE v.n > 0) x GROUP BY i`.pipe(decodeAll(StepRow))),
          )
        if (raw.length > 0)
          rows.push(
            ...(yield* sql`${grouped} FROM (SELECT floor((date_part('epoch', f.at) * 1000 - ${from}) / ${step})::int AS i,
                  1::float8 AS n, ${rawValue} AS s, ${rawValue} AS mi, ${rawValue} AS ma, ${rawValue} AS la,
                  extract(epoch FROM f.at) * 1000 AS lat
                FROM ${piecesOf(raw)} JOIN fixes f ON f.source_id = p.source_id AND f.at >= p.a AND f.at < p.b
                WHERE ${rawValue} IS NOT NULL) x GROUP BY i`.pipe(decodeAll(StepRow))),
          )
        return rows
      })

    return {
      /** A value field's figures per step (see `valueSteps`). */
      valueSteps: (pieces: ReadonlyArray<SourcePiece>, field: string, from: number, step: number) =>
        Effect.orDie(valueSteps(pieces, field, from, step)),
      /**
       * The machine's period [from, to) cut per box association and at the grains up to `grain`:
       * what `items` and `bins` read.
       */
      pieces: (machineId: string, from: number, to: number, grain: Grain) =>
        sql`SELECT s.id AS source_id,
            extract(epoch FROM greatest(a.start_date, ${iso(from)}::timestamptz)) * 1000 AS from_ms,
            extract(epoch FROM least(coalesce(a.end_date, ${openEnd}::timestamptz), ${iso(to)}::timestamptz)) * 1000 AS to_ms
          FROM counter_associations a JOIN telemetry_sources s ON s.counter_id = a.counter_id
          WHERE a.machine_id = ${machineId} AND a.start_date < ${iso(to)}::timestamptz
            AND coalesce(a.end_date, ${openEnd}::timestamptz) > ${iso(from)}::timestamptz`.pipe(
          decodeAll(SpanRow),
          Effect.map((spans) =>
            spans.flatMap((s) =>
              cover(s.from_ms, s.to_ms, grain).map((p): SourcePiece => ({ ...p, sourceId: s.source_id })),
            ),
          ),
          Effect.orDie,
        ),
      items: (pieces: ReadonlyArray<SourcePiece>) => Effect.orDie(items(pieces)),
      bins: (pieces: ReadonlyArray<SourcePiece>, field: string) => Effect.orDie(bins(pieces, field)),
      /** The machine's maintenance data as stored (figures and ISO dates; absent when never entered). */
      maintenance: (machineId: string) =>
        sql<{ m: unknown }>`SELECT maintenance AS m FROM machines WHERE id = ${machineId}`.pipe(
          Effect.map(([row]) => {
            const m = (typeof row?.m === "string" ? JSON.parse(row.m) : (row?.m ?? {})) as Record<
              string,
              unknown
            >
            const num = (v: unknown) =>
              typeof v === "number" ? v : typeof v === "string" && v !== "" ? Number(v) : null
            return {
              engineHours: num(m.engineHours),
              workingHours: num(m.workingHours),
              totalDistanceKm: num(m.totalDistanceKm),
              measuredAt:
                typeof m.engineHoursMeasuredAt === "string" ? Date.parse(m.engineHoursMeasuredAt) : null,
            }
          }),
          Effect.orDie,
        ),
      /** The machine's name, structure and category (null: no such machine). */
      machineInfo: (machineId: string) =>
        sql<{
          id: string
          name: string
          cluster_id: string
          cluster_name: string
          category_id: string | null
        }>`
          SELECT m.id, m.name, m.cluster_id, c.name AS cluster_name, m.category_id FROM machines m
          JOIN clusters c ON c.id = m.cluster_id WHERE m.id = ${machineId}`.pipe(
          Effect.map(([row]) => row ?? null),
          Effect.orDie,
        ),
      /** The other machines of the structure in the same category, by name. */
      peers: (clusterId: string, categoryId: string, machineId: string) =>
        sql<{
          id: string
        }>`SELECT id FROM machines WHERE cluster_id = ${clusterId} AND category_id = ${categoryId}
          AND id <> ${machineId} ORDER BY name LIMIT 50`.pipe(
          Effect.map((rows) => rows.map((r) => r.id)),
          Effect.orDie,
        ),
      /** The first instant the machine had a box (ms), if ever. */
      firstAssociation: (machineId: string) =>
        sql<{ ms: number | string | null }>`SELECT extract(epoch FROM min(start_date)) * 1000 AS ms
          FROM counter_associations WHERE machine_id = ${machineId}`.pipe(
          Effect.map(([row]) => (row?.ms == null ? null : Number(row.ms))),
          Effect.orDie,
        ),
      /** Hectares of the machine's activities that started in [from, to). */
      hectares: (machineId: string, from: number, to: number) =>
        sql<{ ha: number | string | null }>`SELECT coalesce(sum(area_ha), 0) AS ha FROM activities
          WHERE machine_id = ${machineId} AND start_at >= ${iso(from)}::timestamptz AND start_at < ${iso(to)}::timestamptz`.pipe(
          Effect.map(([row]) => Number(row?.ha ?? 0)),
          Effect.orDie,
        ),
      /** The engine's seconds per state (its index in workStates) over the UTC hours starting in [from, to). */
      states: (machineId: string, from: number, to: number) =>
        sql`SELECT state, sum(seconds) AS seconds FROM machine_state_hours
          WHERE machine_id = ${machineId} AND hour >= date_trunc('hour', ${iso(from)}::timestamptz, 'UTC')
            AND hour < ${iso(to)}::timestamptz
          GROUP BY state ORDER BY state`.pipe(decodeAll(StateRow), Effect.orDie),
      /**
       * The latest values the machine's boxes sent, by field (speed, battery, can.<name>): read from
       * the latest minute that had each, then its fixes.
       */
      last: (machineId: string) =>
        sql<{ field: string; at: Date | string; value: number | string }>`WITH spans AS (
            SELECT s.id AS source_id, a.start_date, coalesce(a.end_date, ${openEnd}::timestamptz) AS end_date
            FROM counter_associations a JOIN telemetry_sources s ON s.counter_id = a.counter_id
            WHERE a.machine_id = ${machineId}),
          f AS (SELECT f.at, f.speed_kmh, f.battery, f.can FROM spans s
            CROSS JOIN LATERAL (SELECT x.at, x.speed_kmh, x.battery, x.can FROM fixes x
              WHERE x.source_id = s.source_id AND x.at >= s.start_date AND x.at < s.end_date
              ORDER BY x.at DESC LIMIT 720) f),
          v AS (SELECT 'speed' AS field, at, speed_kmh::float8 AS value FROM f WHERE speed_kmh IS NOT NULL
            UNION ALL SELECT 'battery', at, battery::float8 FROM f WHERE battery IS NOT NULL
            UNION ALL SELECT 'can.' || e.key, f.at, e.value::float8 FROM f, jsonb_each_text(f.can) e)
          SELECT DISTINCT ON (field) field, at, value FROM v ORDER BY field, at DESC`.pipe(
          Effect.map((rows) => rows.map((r) => ({ field: r.field, at: ms(r.at), value: Number(r.value) }))),
          Effect.orDie,
        ),
    }
  }),
}) {}
