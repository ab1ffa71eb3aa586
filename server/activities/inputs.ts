import { SqlClient } from "@effect/sql"
import { Effect, Schema } from "effect"
import type { MultiPolygon, Polygon } from "geojson"
import { defaultSettings, MachineSettings } from "../../src/schema/machine"
import { JsonColumn, NumericColumn } from "../db/columns"
import { decodeAll, decodeFirst } from "../db/decode"
import type {
  ConsumptionRate,
  EngineBooking,
  EngineField,
  EngineFix,
  EngineMachine,
  EngineTag,
  ImplementEdit,
  VibrationIndex,
} from "./engine/types"

/** SPEC §4: an association without an end runs until then. */
const openEnd = "2150-01-01T00:00:00Z"
const iso = (ms: number) => new Date(ms).toISOString()

const Num = Schema.NullOr(NumericColumn)
const MachineRow = Schema.Struct({
  id: Schema.String,
  cluster_id: Schema.String,
  time_zone: Schema.String,
  tool_width_m: Num,
  max_working_speed_kmh: Num,
  can_present: Schema.Boolean,
  settings: Schema.NullOr(JsonColumn(Schema.partial(MachineSettings))),
  // Read through to_jsonb: the machine's reference consumption (migration 0018) when it has one.
  consumption_unit: Schema.NullOr(Schema.Literal("litresPerHour", "litresPerHectare")),
  consumption_rate: Num,
})
export type MachineContext = EngineMachine & { readonly clusterId: string; readonly timeZone: string }

const Numbers = Schema.Array(Schema.NullOr(Schema.Number))
const FixColumns = Schema.Struct({
  t: Schema.NullOr(Numbers),
  lng: Schema.NullOr(Numbers),
  lat: Schema.NullOr(Numbers),
  acc: Schema.NullOr(Numbers),
  spd: Schema.NullOr(Numbers),
  hdg: Schema.NullOr(Numbers),
  vib: Schema.NullOr(Numbers),
  can: Schema.NullOr(
    JsonColumn(Schema.Array(Schema.NullOr(Schema.Record({ key: Schema.String, value: Schema.Number })))),
  ),
  tags: Schema.NullOr(
    JsonColumn(Schema.Array(Schema.NullOr(Schema.Array(Schema.Struct({ id: Schema.String }))))),
  ),
})
const FieldRow = Schema.Struct({ id: Schema.String, owner_id: Schema.String, geometry: Schema.String })
const TagRow = Schema.Struct({
  id: Schema.String,
  type: Schema.Literal("user", "machine"),
  from_ms: Schema.NullOr(NumericColumn),
  to_ms: Schema.NullOr(NumericColumn),
  user_id: Schema.NullOr(Schema.String),
  machine_id: Schema.NullOr(Schema.String),
  product_type_id: Schema.NullOr(Schema.String),
  tool_width_m: Schema.NullOr(NumericColumn),
})
const ImplementEditRow = Schema.Struct({
  start_ms: NumericColumn,
  end_ms: NumericColumn,
  auxiliary_ids: Schema.Array(Schema.String),
  tool_width_m: Schema.NullOr(NumericColumn),
})
const BookingRow = Schema.Struct({
  id: Schema.String,
  start_ms: NumericColumn,
  end_ms: NumericColumn,
  user_id: Schema.String,
  field_ids: Schema.NullOr(Schema.Array(Schema.String)),
  product_type_id: Schema.NullOr(Schema.String),
})

/** A bounding box: west, south, east, north (degrees). */
export type Box = readonly [number, number, number, number]

export const boxOf = (fixes: ReadonlyArray<EngineFix>): Box | null => {
  if (fixes.length === 0) return null
  let [w, s, e, n] = [Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY, -Infinity, -Infinity]
  for (const f of fixes) {
    if (f.lng < w) w = f.lng
    if (f.lng > e) e = f.lng
    if (f.lat < s) s = f.lat
    if (f.lat > n) n = f.lat
  }
  return [w, s, e, n]
}

/**
 * What the engine is fed for one machine over a period, read with the ambient SqlClient: the machine
 * and its structure's time zone, its fixes (its boxes' fixes inside their associations), the fields
 * its structure's members own near the trace, the tags heard, its bookings. SQL faults are defects.
 */
export const activityInputs = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  return {
    machine: (machineId: string) =>
      sql`SELECT m.id, m.cluster_id, c.time_zone, m.tool_width_m::float8 AS tool_width_m,
          m.max_working_speed_kmh::float8 AS max_working_speed_kmh, m.can_present, m.settings,
          to_jsonb(m) ->> 'consumption_unit' AS consumption_unit,
          (to_jsonb(m) ->> 'consumption_rate')::float8 AS consumption_rate
        FROM machines m JOIN clusters c ON c.id = m.cluster_id WHERE m.id = ${machineId}`.pipe(
        decodeFirst(MachineRow),
        Effect.map((r): MachineContext | undefined => {
          if (!r) return undefined
          const consumption: ConsumptionRate | null =
            r.consumption_unit !== null && r.consumption_rate !== null
              ? { unit: r.consumption_unit, rate: r.consumption_rate }
              : null
          return {
            id: r.id,
            clusterId: r.cluster_id,
            timeZone: r.time_zone,
            toolWidthM: r.tool_width_m,
            maxWorkingSpeedKmh: r.max_working_speed_kmh,
            canPresent: r.can_present,
            consumption,
            settings: { ...defaultSettings, ...r.settings },
          }
        }),
        Effect.orDie,
      ),

    /** The machine's fixes over [from, to), as parallel arrays (one row: 13,000 fixes in one message). */
    fixes: (machineId: string, from: number, to: number) =>
      sql`WITH spans AS (
            SELECT s.id AS source_id, greatest(a.start_date, ${iso(from)}::timestamptz) AS from_at,
              least(coalesce(a.end_date, ${openEnd}::timestamptz), ${iso(to)}::timestamptz) AS to_at
            FROM counter_associations a JOIN telemetry_sources s ON s.counter_id = a.counter_id
            WHERE a.machine_id = ${machineId} AND a.start_date < ${iso(to)}::timestamptz
              AND coalesce(a.end_date, ${openEnd}::timestamptz) > ${iso(from)}::timestamptz),
          f AS (SELECT f.* FROM spans sp
            JOIN fixes f ON f.source_id = sp.source_id AND f.at >= sp.from_at AND f.at < sp.to_at)
          SELECT array_agg(extract(epoch FROM at)::float8 * 1000 ORDER BY at) AS t,
            array_agg(lng ORDER BY at) AS lng, array_agg(lat ORDER BY at) AS lat,
            array_agg(accuracy_m::float8 ORDER BY at) AS acc, array_agg(speed_kmh::float8 ORDER BY at) AS spd,
            array_agg(heading_deg::float8 ORDER BY at) AS hdg, array_agg(vibration::float8 ORDER BY at) AS vib,
            jsonb_agg(can ORDER BY at) AS can, jsonb_agg(tags ORDER BY at) AS tags
          FROM f`.pipe(
        decodeFirst(FixColumns),
        Effect.map((r): ReadonlyArray<EngineFix> => {
          const t = r?.t ?? []
          return t.map((ms, i) => ({
            t: ms ?? 0,
            lng: r?.lng?.[i] ?? 0,
            lat: r?.lat?.[i] ?? 0,
            acc: r?.acc?.[i] ?? null,
            spd: r?.spd?.[i] ?? null,
            hdg: r?.hdg?.[i] ?? null,
            vib: (r?.vib?.[i] ?? null) as VibrationIndex | null,
            can: r?.can?.[i] ?? null,
            tags: (r?.tags?.[i] ?? []).map((tag) => tag.id),
          }))
        }),
        Effect.orDie,
      ),

    /** The fields owned by members of the structure whose outline meets `box`. */
    fields: (clusterId: string, box: Box) =>
      sql`SELECT f.id, f.owner_id, ST_AsGeoJSON(f.geom, 7) AS geometry FROM fields f
        WHERE f.geom && ST_MakeEnvelope(${box[0]}, ${box[1]}, ${box[2]}, ${box[3]}, 4326)
          AND EXISTS (SELECT 1 FROM memberships ms WHERE ms.cluster_id = ${clusterId} AND ms.user_id = f.owner_id)
        ORDER BY f.id`.pipe(
        decodeAll(FieldRow),
        Effect.map(
          (rows): ReadonlyArray<EngineField> =>
            rows.map((f) => ({
              id: f.id,
              ownerId: f.owner_id,
              geometry: JSON.parse(f.geometry) as Polygon | MultiPolygon,
            })),
        ),
        Effect.orDie,
      ),

    /**
     * The tags among `ids` as they were held between `from` and `to` (ms): each holding of a
     * person or a machine that overlaps them (`ble_tag_holdings`), or, for a tag that never had a
     * holding row, its holder now as held since always. Unheld tags say nothing.
     */
    tags: (ids: ReadonlyArray<string>, from: number, to: number) =>
      ids.length === 0
        ? Effect.succeed([] as ReadonlyArray<EngineTag>)
        : sql`SELECT t.id, t.type, h.user_id, h.machine_id, h.product_type_id, m.tool_width_m,
              CASE WHEN h.start_at = '-infinity' THEN NULL
                ELSE extract(epoch FROM h.start_at)::float8 * 1000 END AS from_ms,
              extract(epoch FROM h.end_at)::float8 * 1000 AS to_ms
            FROM ble_tag_holdings h JOIN ble_tags t ON t.id = h.tag_id
              LEFT JOIN machines m ON m.id = h.machine_id
            WHERE h.tag_id IN ${sql.in(ids)} AND h.start_at < ${new Date(to).toISOString()}::timestamptz
              AND (h.end_at IS NULL OR h.end_at > ${new Date(from).toISOString()}::timestamptz)
          UNION ALL
          SELECT t.id, t.type, t.user_id, t.machine_id, t.product_type_id, m.tool_width_m,
              NULL::float8 AS from_ms, NULL::float8 AS to_ms
            FROM ble_tags t LEFT JOIN machines m ON m.id = t.machine_id
            WHERE t.id IN ${sql.in(ids)}
              AND NOT EXISTS (SELECT 1 FROM ble_tag_holdings h WHERE h.tag_id = t.id)
          ORDER BY 1, 7 NULLS FIRST`.pipe(
            decodeAll(TagRow),
            Effect.map((rows) =>
              rows.flatMap((t): Array<EngineTag> => {
                const held = { id: t.id, from: t.from_ms, to: t.to_ms }
                if (t.type === "user" && t.user_id !== null)
                  return [{ ...held, kind: "user", userId: t.user_id }]
                if (t.type === "machine" && t.machine_id !== null)
                  return [
                    {
                      ...held,
                      kind: "machine",
                      machineId: t.machine_id,
                      productTypeId: t.product_type_id,
                      toolWidthM: t.tool_width_m,
                    },
                  ]
                return []
              }),
            ),
            Effect.orDie,
          ),

    /** The machine's requested and accepted bookings overlapping [from, to). */
    bookings: (machineId: string, from: number, to: number) =>
      sql`SELECT b.id, extract(epoch FROM b.start_date)::float8 * 1000 AS start_ms,
          extract(epoch FROM b.end_date)::float8 * 1000 AS end_ms, b.user_id,
          (SELECT array_agg(bf.field_id::text ORDER BY bf.position) FROM booking_fields bf WHERE bf.booking_id = b.id) AS field_ids,
          to_jsonb(b) ->> 'product_type_id' AS product_type_id
        FROM bookings b
        WHERE b.status IN ('requested', 'accepted') AND b.start_date < ${iso(to)}::timestamptz
          AND b.end_date > ${iso(from)}::timestamptz
          AND EXISTS (SELECT 1 FROM booking_resources r WHERE r.booking_id = b.id AND r.machine_id = ${machineId})
        ORDER BY b.start_date`.pipe(
        decodeAll(BookingRow),
        Effect.map(
          (rows): ReadonlyArray<EngineBooking> =>
            rows.map((b) => ({
              id: b.id,
              start: b.start_ms,
              end: b.end_ms,
              memberId: b.user_id,
              fieldIds: b.field_ids ?? [],
              productTypeId: b.product_type_id,
            })),
        ),
        Effect.orDie,
      ),

    /** The cuts and merges people made on the machine's activities over [from, to) (ms). */
    splits: (machineId: string, from: number, to: number) =>
      Effect.all({
        cuts: sql<{ at_ms: number }>`SELECT extract(epoch FROM at)::float8 * 1000 AS at_ms FROM activity_cuts
          WHERE machine_id = ${machineId} AND at >= ${iso(from)}::timestamptz AND at < ${iso(to)}::timestamptz`,
        joins: sql<{
          start_ms: number
          end_ms: number
        }>`SELECT extract(epoch FROM start_at)::float8 * 1000 AS start_ms,
            extract(epoch FROM end_at)::float8 * 1000 AS end_ms FROM activity_joins
          WHERE machine_id = ${machineId} AND start_at < ${iso(to)}::timestamptz AND end_at > ${iso(from)}::timestamptz`,
      }).pipe(
        Effect.map(({ cuts, joins }) => ({
          cuts: cuts.map((c) => Number(c.at_ms)),
          joins: joins.map((j) => ({ start: Number(j.start_ms), end: Number(j.end_ms) })),
        })),
        Effect.orDie,
      ),

    /**
     * The implements people named on the machine's activities of the local day `day`
     * (docs/activities.md#corrections), with the first one's width (null: none, or no width).
     */
    implementEdits: (machineId: string, day: string) =>
      sql`SELECT extract(epoch FROM a.start_at)::float8 * 1000 AS start_ms,
          extract(epoch FROM a.end_at)::float8 * 1000 AS end_ms,
          coalesce(a.edited_auxiliary_ids::text[], '{}') AS auxiliary_ids,
          (SELECT x.tool_width_m::float8 FROM machines x WHERE x.id = a.edited_auxiliary_ids[1]) AS tool_width_m
        FROM activities a
        WHERE a.machine_id = ${machineId} AND a.day = ${day}::date AND a.auxiliaries_edited
        ORDER BY a.start_at`.pipe(
        decodeAll(ImplementEditRow),
        Effect.map(
          (rows): ReadonlyArray<ImplementEdit> =>
            rows.map((r) => ({
              start: r.start_ms,
              end: r.end_ms,
              // A machine deleted since is no implement any more.
              auxiliaryIds: r.auxiliary_ids,
              toolWidthM: r.tool_width_m,
            })),
        ),
        Effect.orDie,
      ),
  }
})
