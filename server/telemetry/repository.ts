import { SqlClient, type Statement } from "@effect/sql"
import { DateTime, Effect, Schema } from "effect"
import { ClusterId, CounterId, MachineId } from "../../src/schema/ids"
import { MachineSummary } from "../../src/schema/machine"
import { HeardTag, SourceKind } from "../../src/schema/telemetry"
import {
  AttributedFix,
  categoryGapSeconds,
  DeviceInformation,
  StoredFix,
  type TemporalDataType,
  vibrationLevels,
} from "../../src/schema/telemetryReads"
import { JsonColumn, NumericColumn, UtcColumn } from "../db/columns"
import { decodeAll, decodeFirst } from "../db/decode"

/** An instant as SQL receives it (text cast to timestamptz: the same on both drivers). */
const at = (value: DateTime.Utc) => DateTime.formatIso(value)
/** SPEC §4: an association without an end runs until then. */
const openEnd = "2150-01-01T00:00:00Z"

const Num = Schema.NullOr(NumericColumn)
const CanValues = Schema.Record({ key: Schema.String, value: Schema.Number })
const FixRow = Schema.Struct({
  counter_id: CounterId,
  at: UtcColumn,
  lng: NumericColumn,
  lat: NumericColumn,
  accuracy_m: Num,
  speed_kmh: Num,
  heading_deg: Num,
  altitude_m: Num,
  satellites: Num,
  vibration: Num,
  vibration_raw: Num,
  battery: Num,
  can: Schema.NullOr(JsonColumn(CanValues)),
  tags: Schema.NullOr(JsonColumn(Schema.Array(HeardTag))),
  received_at: UtcColumn,
})
type FixRow = typeof FixRow.Type
const AttributedRow = Schema.Struct({
  ...FixRow.fields,
  machine_id: Schema.NullOr(MachineId),
  machine_name: Schema.NullOr(Schema.String),
  machine_cluster_id: Schema.NullOr(ClusterId),
  machine_cluster_name: Schema.NullOr(Schema.String),
})

const level = (v: number | null) => (v === null ? null : (vibrationLevels[v] ?? null))

const toFix = (r: FixRow) =>
  new StoredFix({
    counter: r.counter_id,
    at: r.at,
    lng: r.lng,
    lat: r.lat,
    accuracy: r.accuracy_m,
    speed: r.speed_kmh,
    heading: r.heading_deg,
    altitude: r.altitude_m,
    satellites: r.satellites,
    vibration: level(r.vibration),
    vibrationRaw: r.vibration_raw,
    battery: r.battery,
    can: r.can,
    tags: r.tags,
    receivedAt: r.received_at,
  })

const Count = Schema.Struct({ n: NumericColumn })
const Counts = Schema.Struct({ n: NumericColumn, unattributed: NumericColumn })
const BoxRow = Schema.Struct({
  counter_id: CounterId,
  kind: SourceKind,
  firmware: Schema.NullOr(Schema.String),
  battery: Num,
  last_communication: Schema.NullOr(UtcColumn),
  current: Schema.Boolean,
})
const PositionRow = Schema.Struct({ at: UtcColumn, lng: NumericColumn, lat: NumericColumn })
const SensorRow = Schema.Struct({
  vibration: Num,
  can: Schema.NullOr(JsonColumn(CanValues)),
  can_seen: Schema.NullOr(JsonColumn(Schema.Array(Schema.String))),
  tags: Schema.NullOr(
    JsonColumn(
      Schema.Array(
        Schema.Struct({ id: Schema.String, rssi: Schema.NullOr(Schema.Number), at: Schema.String }),
      ),
    ),
  ),
})
const PointRow = Schema.Struct({ at: UtcColumn, value: NumericColumn })
const CategoryRow = Schema.Struct({ vibration: NumericColumn, fixes: NumericColumn, seconds: NumericColumn })
const SourceRow = Schema.Struct({ id: Schema.String })

const fixColumns = `f.at, f.lng, f.lat, f.accuracy_m, f.speed_kmh, f.heading_deg, f.altitude_m, f.satellites,
  f.vibration, f.vibration_raw, f.battery, f.can, f.tags, f.received_at`

/** One point of a trace as `trace` reads it (numbers may come as strings from the driver). */
export interface TraceRow {
  readonly seg: number | string
  readonly seg_start: Date | string
  readonly seg_end: Date | string
  readonly seg_fixes: number | string
  readonly total: number | string
  readonly tolerance_m: number | string
  readonly lng: number
  readonly lat: number
  readonly speed: number
  readonly t: number
}

/** The stored columns a series reads, by data type (a CAN value through its name). */
const seriesColumns: Record<Exclude<TemporalDataType, `can.${string}`>, string> = {
  battery: "battery",
  vibration: "vibration",
  vibrationRaw: "vibration_raw",
  speed: "speed_kmh",
  heading: "heading_deg",
  altitude: "altitude_m",
  satellites: "satellites",
  accuracy: "accuracy_m",
}

/**
 * SQL of reading fixes. A machine's fixes are its boxes' fixes at times inside each association's
 * [start_date, coalesce(end_date, 2150-01-01)) — computed here at read time, so editing an
 * association's dates re-attributes them by itself. SQL faults are defects.
 */
export class TelemetryRepo extends Effect.Service<TelemetryRepo>()("TelemetryRepo", {
  effect: Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient

    /** The machine's association spans within [start, end), each with its box's source. */
    const spans = (machineId: string, start: DateTime.Utc, end: DateTime.Utc) =>
      sql`SELECT s.id AS source_id, a.counter_id,
          greatest(a.start_date, ${at(start)}::timestamptz) AS from_at,
          least(coalesce(a.end_date, ${openEnd}::timestamptz), ${at(end)}::timestamptz) AS to_at
        FROM counter_associations a JOIN telemetry_sources s ON s.counter_id = a.counter_id
        WHERE a.machine_id = ${machineId} AND a.start_date < ${at(end)}::timestamptz
          AND coalesce(a.end_date, ${openEnd}::timestamptz) > ${at(start)}::timestamptz`
    const machineFixes = (machineId: string, start: DateTime.Utc, end: DateTime.Utc) =>
      sql`(SELECT sp.counter_id, ${sql.unsafe(fixColumns)}
        FROM (${spans(machineId, start, end)}) sp
        JOIN fixes f ON f.source_id = sp.source_id AND f.at >= sp.from_at AND f.at < sp.to_at)`

    /** Where `counterId` sent fixes, joined to the association (and machine) each falls in, if any. */
    const boxFixes = (counterId: string, start: DateTime.Utc, end: DateTime.Utc, tail: Statement.Fragment) =>
      sql`SELECT s.counter_id, ${sql.unsafe(fixColumns)}, m.id AS machine_id, m.name AS machine_name,
          m.cluster_id AS machine_cluster_id, mc.name AS machine_cluster_name
        FROM telemetry_sources s
        JOIN fixes f ON f.source_id = s.id
        LEFT JOIN counter_associations a ON a.counter_id = s.counter_id AND f.at >= a.start_date
          AND f.at < coalesce(a.end_date, ${openEnd}::timestamptz)
        LEFT JOIN machines m ON m.id = a.machine_id
        LEFT JOIN clusters mc ON mc.id = m.cluster_id
        WHERE s.counter_id = ${counterId} AND f.at >= ${at(start)}::timestamptz AND f.at < ${at(end)}::timestamptz
        ${tail}`

    return {
      /** A page of the machine's fixes over [start, end), oldest first, and how many in all. */
      machineFixes: (
        machineId: string,
        start: DateTime.Utc,
        end: DateTime.Utc,
        page: number,
        limit: number,
      ) =>
        Effect.all({
          total: sql`SELECT count(*) AS n FROM ${machineFixes(machineId, start, end)} x`.pipe(
            decodeFirst(Count),
            Effect.map((r) => r?.n ?? 0),
          ),
          fixes: sql`SELECT * FROM ${machineFixes(machineId, start, end)} x
            ORDER BY x.at, x.counter_id LIMIT ${limit} OFFSET ${(page - 1) * limit}`.pipe(
            decodeAll(FixRow),
            Effect.map((rows) => rows.map(toFix)),
          ),
        }),

      /** Every fix of the machine over [start, end), oldest first, `chunk` rows at a time to `each`. */
      eachMachineFix: <E>(
        machineId: string,
        start: DateTime.Utc,
        end: DateTime.Utc,
        each: (fixes: ReadonlyArray<StoredFix>) => Effect.Effect<void, E>,
        chunk = 5000,
      ) =>
        Effect.gen(function* () {
          let after: DateTime.Utc | undefined
          let counter = ""
          for (;;) {
            const rows = yield* sql`SELECT * FROM ${machineFixes(machineId, start, end)} x
              ${after === undefined ? sql`` : sql`WHERE (x.at, x.counter_id) > (${at(after)}::timestamptz, ${counter})`}
              ORDER BY x.at, x.counter_id LIMIT ${chunk}`.pipe(decodeAll(FixRow))
            if (rows.length === 0) return
            yield* each(rows.map(toFix))
            const last = rows[rows.length - 1]
            if (last === undefined || rows.length < chunk) return
            after = last.at
            counter = last.counter_id
          }
        }),

      /** A page of the box's fixes over [start, end), each with the machine it is attributed to. */
      boxFixes: (counterId: string, start: DateTime.Utc, end: DateTime.Utc, page: number, limit: number) =>
        Effect.all({
          counts: sql`SELECT count(*) AS n, count(*) FILTER (WHERE machine_id IS NULL) AS unattributed
            FROM (${boxFixes(counterId, start, end, sql``)}) x`.pipe(decodeFirst(Counts)),
          fixes: boxFixes(
            counterId,
            start,
            end,
            sql`ORDER BY f.at LIMIT ${limit} OFFSET ${(page - 1) * limit}`,
          ).pipe(
            decodeAll(AttributedRow),
            Effect.map((rows) =>
              rows.map(
                (r) =>
                  new AttributedFix({
                    ...toFix(r),
                    machine:
                      r.machine_id === null
                        ? null
                        : new MachineSummary({
                            id: r.machine_id,
                            name: r.machine_name ?? "",
                            cluster: {
                              id: r.machine_cluster_id ?? ClusterId.make(""),
                              name: r.machine_cluster_name ?? "",
                            },
                          }),
                  }),
              ),
            ),
          ),
        }),

      /** The boxes that were ever on the machine, the current one first, with what they sent. */
      devices: (machineId: string) =>
        Effect.gen(function* () {
          const boxes =
            yield* sql`SELECT c.id AS counter_id, c.kind, c.firmware, c.battery, c.last_communication,
              bool_or(a.start_date <= now() AND now() < coalesce(a.end_date, ${openEnd}::timestamptz)) AS current
            FROM counter_associations a JOIN counters c ON c.id = a.counter_id
            WHERE a.machine_id = ${machineId}
            GROUP BY c.id ORDER BY current DESC, max(a.start_date) DESC`.pipe(decodeAll(BoxRow))
          const all = DateTime.unsafeMake("1970-01-01T00:00:00Z")
          const until = DateTime.unsafeMake(openEnd)
          const recent = DateTime.unsafeMake(Date.now() - 30 * 86_400_000)
          const infos: Array<DeviceInformation> = []
          for (const box of boxes) {
            // The machine's fixes of this box only.
            const mine = sql`(SELECT * FROM ${machineFixes(machineId, all, until)} y WHERE y.counter_id = ${box.counter_id})`
            const mineRecent = sql`(SELECT * FROM ${machineFixes(machineId, recent, until)} y WHERE y.counter_id = ${box.counter_id})`
            const count = yield* sql`SELECT count(*) AS n FROM ${mine} x`.pipe(decodeFirst(Count))
            const last = yield* sql`SELECT at, lng, lat FROM ${mine} x ORDER BY at DESC LIMIT 1`.pipe(
              decodeFirst(PositionRow),
            )
            const sensors = yield* sql`SELECT
                (SELECT vibration FROM ${mine} x WHERE vibration IS NOT NULL ORDER BY at DESC LIMIT 1) AS vibration,
                (SELECT can FROM ${mine} x WHERE can IS NOT NULL ORDER BY at DESC LIMIT 1) AS can,
                (SELECT json_agg(k ORDER BY k) FROM (SELECT DISTINCT jsonb_object_keys(can) AS k FROM ${mineRecent} x
                  WHERE can IS NOT NULL) keys) AS can_seen,
                (SELECT json_agg(json_build_object('id', id, 'rssi', rssi, 'at', to_char(at AT TIME ZONE 'UTC',
                    'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) ORDER BY at DESC)
                  FROM (SELECT DISTINCT ON (t ->> 'id') t ->> 'id' AS id, (t ->> 'rssi')::float8 AS rssi, x.at
                    FROM ${mineRecent} x, jsonb_array_elements(x.tags) t WHERE x.tags IS NOT NULL
                    ORDER BY t ->> 'id', x.at DESC) heard) AS tags`.pipe(decodeFirst(SensorRow))
            infos.push(
              new DeviceInformation({
                counter: box.counter_id,
                kind: box.kind,
                firmware: box.firmware,
                battery: box.battery,
                lastCommunication: box.last_communication,
                fixes: count?.n ?? 0,
                lastPosition: last ?? null,
                current: box.current,
                sensors: {
                  vibration: level(sensors?.vibration ?? null),
                  can: sensors?.can ?? {},
                  canSeen: sensors?.can_seen ?? [],
                  tags: (sensors?.tags ?? []).map((t) => ({ ...t, at: DateTime.unsafeMake(t.at) })),
                },
              }),
            )
          }
          return infos
        }),

      /** A page of one series of the box (fixes that have the value), newest first, and how many in all. */
      series: (counterId: string, dataType: TemporalDataType, page: number, limit: number) => {
        const value = dataType.startsWith("can.")
          ? sql`(f.can ->> ${dataType.slice(4)})::float8`
          : sql.unsafe(`f.${seriesColumns[dataType as keyof typeof seriesColumns]}`)
        const from = sql`FROM telemetry_sources s JOIN fixes f ON f.source_id = s.id
          WHERE s.counter_id = ${counterId} AND ${value} IS NOT NULL`
        return Effect.all({
          total: sql`SELECT count(*) AS n ${from}`.pipe(
            decodeFirst(Count),
            Effect.map((r) => r?.n ?? 0),
          ),
          points: sql`SELECT f.at, ${value} AS value ${from} ORDER BY f.at DESC
            LIMIT ${limit} OFFSET ${(page - 1) * limit}`.pipe(decodeAll(PointRow)),
        })
      },

      /** Time and fixes per vibration level of the box (a fix lasts until the next, at most the gap). */
      vibrationCategories: (counterId: string) =>
        sql`SELECT vibration, count(*) AS fixes,
            coalesce(sum(least(coalesce(extract(epoch FROM next_at - at), 0), ${categoryGapSeconds})), 0) AS seconds
          FROM (SELECT f.at, f.vibration, lead(f.at) OVER (ORDER BY f.at) AS next_at
            FROM telemetry_sources s JOIN fixes f ON f.source_id = s.id WHERE s.counter_id = ${counterId}) x
          WHERE vibration IS NOT NULL GROUP BY vibration ORDER BY vibration`.pipe(decodeAll(CategoryRow)),

      /** Deletes the box's fixes within [start, end ?? open end); how many. */
      deleteFixes: (counterId: string, start: DateTime.Utc, end: DateTime.Utc | null) =>
        sql`WITH gone AS (DELETE FROM fixes WHERE source_id IN (SELECT id FROM telemetry_sources WHERE counter_id = ${counterId})
            AND at >= ${at(start)}::timestamptz AND at < ${end === null ? openEnd : at(end)}::timestamptz RETURNING 1)
          SELECT count(*) AS n FROM gone`.pipe(
          decodeFirst(Count),
          Effect.map((r) => r?.n ?? 0),
        ),

      /**
       * The machine's trace over [start, end): its fixes in time order, split into segments where
       * the box was silent more than `gapSeconds`, each segment simplified (Douglas–Peucker, the
       * kept points being fixes as sent, time and speed with them) when the period holds more than
       * `fullFixes` fixes, by a tolerance growing with their number up to 10 m. One row per point.
       */
      trace: (
        machineId: string,
        start: DateTime.Utc,
        end: DateTime.Utc,
        gapSeconds: number,
        fullFixes: number,
      ) =>
        sql<TraceRow>`WITH f AS (SELECT x.at, x.lng, x.lat, x.speed_kmh FROM ${machineFixes(machineId, start, end)} x),
          total AS (SELECT count(*) AS n FROM f),
          settings AS (SELECT n, CASE WHEN n > ${fullFixes} THEN round(least(10, n::float8 / ${fullFixes})::numeric, 1)::float8
                                      ELSE 0 END AS tolerance_m FROM total),
          marked AS (SELECT f.*, CASE WHEN lag(f.at) OVER w IS NULL
                                        OR f.at - lag(f.at) OVER w > make_interval(secs => ${gapSeconds}) THEN 1 ELSE 0 END AS brk
                     FROM f WINDOW w AS (ORDER BY f.at)),
          numbered AS (SELECT m.*, sum(m.brk) OVER (ORDER BY m.at) AS seg FROM marked m),
          lines AS (SELECT seg, min(at) AS seg_start, max(at) AS seg_end, count(*) AS seg_fixes,
                      ST_MakeLine(ST_MakePoint(lng, lat, coalesce(speed_kmh, -1),
                                  extract(epoch FROM at - ${at(start)}::timestamptz)) ORDER BY at) AS line
                    FROM numbered GROUP BY seg)
          SELECT l.seg, l.seg_start, l.seg_end, l.seg_fixes, s.n AS total, s.tolerance_m,
                 ST_X(p.geom) AS lng, ST_Y(p.geom) AS lat, ST_Z(p.geom) AS speed, ST_M(p.geom) AS t
          FROM settings s CROSS JOIN lines l
          CROSS JOIN LATERAL ST_DumpPoints(CASE WHEN s.tolerance_m > 0
                                                THEN ST_Simplify(l.line, s.tolerance_m / 111320.0, true)
                                                ELSE l.line END) p
          ORDER BY l.seg, p.path`.pipe(Effect.orDie),

      /** The box's telemetry source, if the box exists. */
      source: (counterId: string) =>
        sql`SELECT id FROM telemetry_sources WHERE counter_id = ${counterId}`.pipe(decodeFirst(SourceRow)),
    }
  }),
}) {}
