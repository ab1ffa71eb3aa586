import { SqlClient, type Statement } from "@effect/sql"
import { DateTime, Effect, Schema } from "effect"
import {
  Activity,
  type ActivityConfirmation,
  type ActivityDispute,
  type ActivityExportQuery,
  ActivityTrace,
  AttributionReason,
  DisputeStatus,
} from "../../src/schema/activity"
import { FilterName } from "../../src/schema/catalogue"
import { FieldGeometry } from "../../src/schema/field"
import {
  ActivityId,
  BookingId,
  ClusterId,
  FieldId,
  FilterEntryId,
  MachineId,
  UserId,
} from "../../src/schema/ids"
import { MachineSummary } from "../../src/schema/machine"
import { type WorkState, workStates } from "../../src/schema/workStates"
import { JsonColumn, NumericColumn, UtcColumn } from "../db/columns"
import { decodeAll, decodeFirst } from "../db/decode"

const Num = Schema.NullOr(NumericColumn)
const Person = Schema.Struct({
  id: UserId,
  firstname: Schema.String,
  lastname: Schema.String,
  name: Schema.NullOr(Schema.String),
})
const Summary = Schema.Struct({
  id: MachineId,
  name: Schema.String,
  cluster: Schema.Struct({ id: ClusterId, name: Schema.String }),
})
const ActivityRow = Schema.Struct({
  id: ActivityId,
  machine: JsonColumn(Summary),
  start_at: UtcColumn,
  end_at: UtcColumn,
  duration_s: NumericColumn,
  road_distance_m: NumericColumn,
  work_distance_m: NumericColumn,
  pause_s: NumericColumn,
  pause_count: NumericColumn,
  area_ha: Num,
  area_with_overlap_ha: Num,
  fuel_l: Num,
  fuel_source: Schema.NullOr(Schema.Literal("can", "rate")),
  max_speed_kmh: NumericColumn,
  unknown_field_s: NumericColumn,
  seconds: JsonColumn(Schema.Record({ key: Schema.String, value: Schema.Number })),
  product_type: Schema.NullOr(JsonColumn(Schema.Struct({ id: FilterEntryId, name: FilterName }))),
  member: Schema.NullOr(JsonColumn(Person)),
  attribution: AttributionReason,
  booking_id: Schema.NullOr(BookingId),
  fields: JsonColumn(
    Schema.Array(
      Schema.Struct({
        id: FieldId,
        name: Schema.String,
        workSeconds: Schema.Number,
        areaHa: Schema.NullOr(Schema.Number),
      }),
    ),
  ),
  drivers: JsonColumn(Schema.Array(Person)),
  auxiliaries: JsonColumn(Schema.Array(Summary)),
  provisional: Schema.Boolean,
  edited: Schema.Boolean,
  differs_from_edit: Schema.Boolean,
})
type ActivityRow = typeof ActivityRow.Type

const toActivity = (r: ActivityRow) =>
  new Activity({
    id: r.id,
    machine: new MachineSummary(r.machine),
    start: r.start_at,
    end: r.end_at,
    durationSeconds: r.duration_s,
    roadDistanceM: r.road_distance_m,
    workDistanceM: r.work_distance_m,
    pauseSeconds: r.pause_s,
    pauseCount: r.pause_count,
    areaHa: r.area_ha,
    areaWithOverlapHa: r.area_with_overlap_ha,
    fuelLitres: r.fuel_l,
    fuelSource: r.fuel_source,
    maxSpeedKmh: r.max_speed_kmh,
    productType: r.product_type,
    fieldCount: r.fields.length,
    fields: r.fields,
    unknownFieldSeconds: r.unknown_field_s,
    member: r.member,
    attribution: r.attribution,
    booking: r.booking_id,
    drivers: r.drivers,
    auxiliaries: r.auxiliaries.map((a) => new MachineSummary(a)),
    seconds: Object.fromEntries(workStates.map((s) => [s, r.seconds[s] ?? 0])) as Record<WorkState, number>,
    provisional: r.provisional,
    edited: r.edited,
    differsFromEdit: r.differs_from_edit,
  })

export const person = (alias: string) =>
  `json_build_object('id', ${alias}.id, 'firstname', ${alias}.firstname, 'lastname', ${alias}.lastname, 'name', ${alias}.name)`
const summary = (m: string, c: string) =>
  `json_build_object('id', ${m}.id, 'name', ${m}.name, 'cluster', json_build_object('id', ${c}.id, 'name', ${c}.name))`

/** An activity as the contract shows it: a person's edit over the engine's figures. */
const selectActivities = `SELECT a.id, ${summary("m", "c")} AS machine, a.start_at, a.end_at, a.duration_s,
    a.road_distance_m, a.work_distance_m, a.pause_s, a.pause_count, a.area_ha, a.area_with_overlap_ha, a.fuel_l,
    a.fuel_source, a.max_speed_kmh, a.unknown_field_s, a.seconds,
    (SELECT json_build_object('id', pt.id, 'name', pt.name) FROM filter_entries pt
      WHERE pt.id = CASE WHEN a.product_type_edited THEN a.edited_product_type_id ELSE a.product_type_id END) AS product_type,
    (SELECT ${person("u")} FROM users u
      WHERE u.id = CASE WHEN a.member_edited THEN a.edited_member_id ELSE a.member_id END) AS member,
    CASE WHEN a.member_edited THEN 'manual' ELSE a.attribution END AS attribution, a.booking_id,
    coalesce((SELECT json_agg(json_build_object('id', f.id, 'name', f.name, 'workSeconds', af.work_s, 'areaHa', af.area_ha)
      ORDER BY af.position) FROM activity_fields af JOIN fields f ON f.id = af.field_id
      WHERE af.machine_id = a.machine_id AND af.activity_id = a.id), '[]') AS fields,
    coalesce((SELECT json_agg(${person("u")} ORDER BY d.position) FROM activity_drivers d JOIN users u ON u.id = d.user_id
      WHERE d.machine_id = a.machine_id AND d.activity_id = a.id), '[]') AS drivers,
    coalesce((SELECT json_agg(${summary("x", "xc")} ORDER BY ax.position) FROM activity_auxiliaries ax
      JOIN machines x ON x.id = ax.auxiliary_id JOIN clusters xc ON xc.id = x.cluster_id
      WHERE ax.machine_id = a.machine_id AND ax.activity_id = a.id), '[]') AS auxiliaries,
    a.provisional, (a.member_edited OR a.product_type_edited OR a.fields_edited OR a.drivers_edited
      OR a.auxiliaries_edited) AS edited, a.differs_from_edit
  FROM activities a JOIN machines m ON m.id = a.machine_id JOIN clusters c ON c.id = m.cluster_id`

/** The list's filters (the export's query carries them all). */
type ActivityFilters = Omit<typeof ActivityExportQuery.Type, "lang" | "tz">

const KeyRow = Schema.Struct({ machine_id: MachineId, cluster_id: ClusterId })
const PointRow = Schema.Struct({
  at: UtcColumn,
  lng: NumericColumn,
  lat: NumericColumn,
  speed: Num,
  state: NumericColumn,
  field: Schema.NullOr(FieldId),
})
const Exists = Schema.Struct({ ok: Schema.Boolean })
const OutlineRow = Schema.Struct({ id: FieldId, name: Schema.String, geometry: JsonColumn(FieldGeometry) })
const WidthRow = Schema.Struct({ tool_width_m: Num })
const DisputeRow = Schema.Struct({
  id: Schema.UUID,
  activity_id: Schema.UUID,
  opened_at: UtcColumn,
  opened_by: Schema.NullOr(JsonColumn(Person)),
  comment: Schema.String,
  status: DisputeStatus,
  answered_at: Schema.NullOr(UtcColumn),
  answered_by: Schema.NullOr(JsonColumn(Person)),
  answer: Schema.NullOr(Schema.String),
})
const toDispute = (r: typeof DisputeRow.Type): ActivityDispute => ({
  id: r.id,
  openedAt: r.opened_at,
  openedBy: r.opened_by,
  comment: r.comment,
  status: r.status,
  answeredAt: r.answered_at,
  answeredBy: r.answered_by,
  answer: r.answer,
})
const ConfirmationRow = Schema.Struct({
  confirmed_at: UtcColumn,
  by: Schema.NullOr(JsonColumn(Person)),
  field: Schema.NullOr(JsonColumn(Schema.Struct({ id: FieldId, name: Schema.String }))),
  product_type: Schema.NullOr(JsonColumn(Schema.Struct({ id: FilterEntryId, name: FilterName }))),
  comment: Schema.NullOr(Schema.String),
})
const toConfirmation = (r: typeof ConfirmationRow.Type): ActivityConfirmation => ({
  at: r.confirmed_at,
  by: r.by,
  field: r.field,
  productType: r.product_type,
  comment: r.comment,
})
const selectConfirmations = `SELECT c.id, c.confirmed_at, c.comment,
    (SELECT ${person("u")} FROM users u WHERE u.id = c.confirmed_by) AS by,
    (SELECT json_build_object('id', f.id, 'name', f.name) FROM fields f WHERE f.id = c.field_id) AS field,
    (SELECT json_build_object('id', p.id, 'name', p.name) FROM filter_entries p WHERE p.id = c.product_type_id) AS product_type
  FROM activity_confirmations c`
const selectDisputes = `SELECT d.id, d.activity_id, d.opened_at, d.comment, d.status, d.answered_at, d.answer,
    (SELECT ${person("u")} FROM users u WHERE u.id = d.opened_by) AS opened_by,
    (SELECT ${person("u")} FROM users u WHERE u.id = d.answered_by) AS answered_by
  FROM activity_disputes d`
/** SQL of reading and correcting stored activities (SQL faults are defects). */
export class ActivitiesRepo extends Effect.Service<ActivitiesRepo>()("ActivitiesRepo", {
  effect: Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const activities = (where: Statement.Fragment) =>
      sql`${sql.unsafe(selectActivities)} ${where}`.pipe(
        decodeAll(ActivityRow),
        Effect.map((rows) => rows.map(toActivity)),
      )
    /** One dispute with the activity it is of. */
    const dispute = (disputeId: string) =>
      sql`${sql.unsafe(selectDisputes)} WHERE d.id = ${disputeId}`.pipe(
        decodeFirst(DisputeRow),
        Effect.map((r) => (r ? { ...toDispute(r), activity: r.activity_id } : undefined)),
      )
    /**
     * Whether `me` may see the activity `a` (of machine `m`): a machine they see ("Voir les
     * machines" in its structure, or a grant on it), billed to them, driven by them, or driven by an
     * employee of a structure where they hold "Voir les activités des salariés".
     */
    const seenBy = (
      me: string,
    ) => sql`(EXISTS (SELECT 1 FROM memberships ms WHERE ms.cluster_id = m.cluster_id AND ms.user_id = ${me}
                AND 'seeMachines' = ANY (ms.rights))
            OR EXISTS (SELECT 1 FROM machine_grants g WHERE g.machine_id = m.id AND g.user_id = ${me}
                AND cardinality(g.grants) > 0)
            OR CASE WHEN a.member_edited THEN a.edited_member_id ELSE a.member_id END IN
                (SELECT ${me}::uuid UNION ALL SELECT delegate_id FROM delegations WHERE user_id = ${me})
            OR EXISTS (SELECT 1 FROM activity_drivers d WHERE d.machine_id = a.machine_id AND d.activity_id = a.id
                AND d.user_id = ${me})
            OR EXISTS (SELECT 1 FROM activity_drivers d
                JOIN memberships emp ON emp.user_id = d.user_id AND emp.role = 'employee'
                JOIN memberships boss ON boss.cluster_id = emp.cluster_id AND boss.user_id = ${me}
                  AND 'seeEmployeeActivities' = ANY (boss.rights)
                WHERE d.machine_id = a.machine_id AND d.activity_id = a.id))`
    return {
      /** The machine's activities starting in [start, end), newest first. */
      ofMachine: (machineId: string, start: DateTime.Utc, end: DateTime.Utc) =>
        activities(sql`WHERE a.machine_id = ${machineId} AND a.start_at >= ${DateTime.formatIso(start)}::timestamptz
          AND a.start_at < ${DateTime.formatIso(end)}::timestamptz ORDER BY a.start_at DESC`),
      /**
       * The activities `me` may see starting in [start, end), newest first: of a machine they see
       * ("Voir les machines" in its structure, or a grant on it), billed to them or to one of their
       * delegated users (the farm they act for), driven by them, or
       * driven by an employee of a structure where they hold "Voir les activités des salariés".
       */
      visible: (me: string, q: ActivityFilters) => {
        const orNull = (v: string | undefined) => v ?? null
        return activities(sql`WHERE a.start_at >= ${DateTime.formatIso(q.start_date)}::timestamptz
          AND a.start_at < ${DateTime.formatIso(q.end_date)}::timestamptz
          AND ${seenBy(me)}
          AND (${orNull(q.cluster)}::uuid IS NULL OR m.cluster_id = ${orNull(q.cluster)}::uuid)
          AND (${orNull(q.machine)}::uuid IS NULL OR a.machine_id = ${orNull(q.machine)}::uuid)
          AND (${orNull(q.field)}::uuid IS NULL OR EXISTS (SELECT 1 FROM activity_fields af
                WHERE af.machine_id = a.machine_id AND af.activity_id = a.id AND af.field_id = ${orNull(q.field)}::uuid))
          AND (${orNull(q.driver)}::uuid IS NULL OR EXISTS (SELECT 1 FROM activity_drivers d
                WHERE d.machine_id = a.machine_id AND d.activity_id = a.id AND d.user_id = ${orNull(q.driver)}::uuid))
          AND (${orNull(q.member)}::uuid IS NULL
            OR CASE WHEN a.member_edited THEN a.edited_member_id ELSE a.member_id END = ${orNull(q.member)}::uuid)
          AND (${orNull(q.productType)}::uuid IS NULL OR CASE WHEN a.product_type_edited
                THEN a.edited_product_type_id ELSE a.product_type_id END = ${orNull(q.productType)}::uuid)
          ORDER BY a.start_at DESC, a.id`)
      },
      one: (id: string) => Effect.map(activities(sql`WHERE a.id = ${id}`), (rows) => rows[0]),
      /**
       * The activities of `machines`, or with one of them heard as an implement, overlapping
       * [from, to) or in one of `bookings`, oldest first.
       */
      ofMachinesAround: (
        machines: ReadonlyArray<string>,
        from: Date,
        to: Date,
        bookings: ReadonlyArray<string>,
      ) =>
        machines.length === 0
          ? Effect.succeed([])
          : activities(sql`WHERE (a.machine_id IN ${sql.in(machines)} OR EXISTS (SELECT 1 FROM activity_auxiliaries ax
                WHERE ax.machine_id = a.machine_id AND ax.activity_id = a.id AND ax.auxiliary_id IN ${sql.in(machines)}))
              AND ((a.start_at < ${to.toISOString()}::timestamptz AND a.end_at > ${from.toISOString()}::timestamptz)
                OR ${bookings.length === 0 ? sql`false` : sql`a.booking_id IN ${sql.in(bookings)}`})
              ORDER BY a.start_at, a.id`),
      /** The activities of `machine` among `ids`, oldest first (ids of another machine are left out). */
      ofMachineAmong: (machine: string, ids: ReadonlyArray<string>) =>
        activities(sql`WHERE a.machine_id = ${machine} AND a.id IN ${sql.in(ids)} ORDER BY a.start_at, a.id`),
      /** Whether `me` sees the activity without seeing its machine: billed to them, driven, an employee's. */
      seenWithoutMachine: (me: string, id: string) =>
        sql`SELECT EXISTS (SELECT 1 FROM activities a JOIN machines m ON m.id = a.machine_id
            WHERE a.id = ${id} AND ${seenBy(me)}) AS ok`.pipe(
          decodeFirst(Exists),
          Effect.map((r) => r?.ok === true),
        ),
      /** The member the activity is billed to now (a person's correction over the engine's). */
      memberOf: (id: string) =>
        sql<{
          member: string | null
        }>`SELECT CASE WHEN member_edited THEN edited_member_id ELSE member_id END AS member
          FROM activities WHERE id = ${id}`.pipe(
          Effect.map((rows) => rows[0]?.member ?? null),
          Effect.orDie,
        ),
      /** Whether `me` answers for `member`: they are that person, or `member` is one of their delegated users. */
      answersFor: (me: string, member: string | null) =>
        member === null
          ? Effect.succeed(false)
          : member === me
            ? Effect.succeed(true)
            : sql`SELECT EXISTS (SELECT 1 FROM delegations WHERE user_id = ${me} AND delegate_id = ${member}) AS ok`.pipe(
                decodeFirst(Exists),
                Effect.map((r) => r?.ok === true),
              ),
      /** Whether `me` drove the activity (the box heard their tag). */
      drove: (me: string, id: string) =>
        sql`SELECT EXISTS (SELECT 1 FROM activity_drivers d JOIN activities a
            ON a.machine_id = d.machine_id AND a.id = d.activity_id WHERE a.id = ${id} AND d.user_id = ${me}) AS ok`.pipe(
          decodeFirst(Exists),
          Effect.map((r) => r?.ok === true),
        ),
      /** Whether `field` is one of the fields the activity worked. */
      workedIn: (id: string, field: string) =>
        sql`SELECT EXISTS (SELECT 1 FROM activity_fields af JOIN activities a
            ON a.machine_id = af.machine_id AND a.id = af.activity_id WHERE a.id = ${id} AND af.field_id = ${field}) AS ok`.pipe(
          decodeFirst(Exists),
          Effect.map((r) => r?.ok === true),
        ),
      /** The confirmations of the activity ("J'ai terminé mon activité"), oldest first. */
      confirmations: (id: string) =>
        sql`${sql.unsafe(selectConfirmations)} WHERE c.activity_id = ${id} ORDER BY c.confirmed_at, c.id`.pipe(
          decodeAll(ConfirmationRow),
          Effect.map((rows) => rows.map(toConfirmation)),
        ),
      /** Keeps a driver's confirmation; the one kept. */
      confirm: (
        id: string,
        by: string,
        field: string | null,
        productType: string | null,
        comment: string | null,
      ) =>
        sql<{
          id: string
        }>`INSERT INTO activity_confirmations (activity_id, machine_id, confirmed_by, field_id,
            product_type_id, comment)
          SELECT a.id, a.machine_id, ${by}, ${field}, ${productType}, ${comment} FROM activities a WHERE a.id = ${id}
          RETURNING id`.pipe(
          Effect.orDie,
          Effect.flatMap((rows) =>
            sql`${sql.unsafe(selectConfirmations)} WHERE c.id = ${rows[0]?.id ?? null}`.pipe(
              decodeFirst(ConfirmationRow),
              Effect.map((r) => (r ? toConfirmation(r) : undefined)),
            ),
          ),
        ),
      /** The disputes of the activity, oldest first. */
      disputes: (id: string) =>
        sql`${sql.unsafe(selectDisputes)} WHERE d.activity_id = ${id} ORDER BY d.opened_at, d.id`.pipe(
          decodeAll(DisputeRow),
          Effect.map((rows) => rows.map(toDispute)),
        ),
      /** Opens a dispute; none when one already waits for its answer. */
      openDispute: (id: string, by: string, comment: string) =>
        sql<{ id: string }>`INSERT INTO activity_disputes (id, activity_id, machine_id, opened_by, comment)
          SELECT ${crypto.randomUUID()}, a.id, a.machine_id, ${by}, ${comment} FROM activities a WHERE a.id = ${id}
          ON CONFLICT (activity_id) WHERE status = 'open' DO NOTHING RETURNING id`.pipe(
          Effect.orDie,
          Effect.flatMap((rows) => (rows[0] ? dispute(rows[0].id) : Effect.succeed(undefined))),
        ),
      /** Settles a waiting dispute of the activity; `settled` when it had its answer already, none when unknown. */
      settleDispute: (
        id: string,
        disputeId: string,
        by: string,
        outcome: "corrected" | "kept",
        answer: string,
      ) =>
        sql<{
          id: string
        }>`UPDATE activity_disputes SET status = ${outcome}, answered_at = now(), answered_by = ${by},
            answer = ${answer}
          WHERE id = ${disputeId} AND activity_id = ${id} AND status = 'open' RETURNING id`.pipe(
          Effect.orDie,
          Effect.flatMap(
            (
              rows,
            ): Effect.Effect<{ readonly settled: ActivityDispute | undefined } | "settled" | undefined> =>
              rows[0]
                ? Effect.map(dispute(rows[0].id), (d) => ({ settled: d }))
                : Effect.map(dispute(disputeId), (d) => (d && d.activity === id ? "settled" : undefined)),
          ),
        ),
      /** Which machine (and structure) the activity is of. */
      key: (id: string) =>
        sql`SELECT a.machine_id, m.cluster_id FROM activities a JOIN machines m ON m.id = a.machine_id
          WHERE a.id = ${id}`.pipe(decodeFirst(KeyRow)),
      /** The fixes of the activity's time with their labels (the machine-days' stored ones). */
      trace: (id: string) =>
        sql`WITH a AS (SELECT machine_id, start_at, end_at FROM activities WHERE id = ${id}),
            l AS (SELECT u.at, u.state, u.field FROM a
              JOIN activity_labels al ON al.machine_id = a.machine_id
                AND al.day BETWEEN (a.start_at - interval '2 days')::date AND (a.end_at + interval '2 days')::date
              CROSS JOIN LATERAL unnest(al.at, al.states, al.field_index) AS u0(at, state, fi)
              CROSS JOIN LATERAL (SELECT u0.at, u0.state, al.field_ids[u0.fi + 1] AS field) u
              WHERE u.at >= a.start_at AND u.at <= a.end_at)
          SELECT l.at, f.lng, f.lat, f.speed_kmh::float8 AS speed, l.state, l.field
          FROM l CROSS JOIN a
          JOIN counter_associations ca ON ca.machine_id = a.machine_id AND l.at >= ca.start_date
            AND l.at < coalesce(ca.end_date, '2150-01-01T00:00:00Z'::timestamptz)
          JOIN telemetry_sources s ON s.counter_id = ca.counter_id
          JOIN fixes f ON f.source_id = s.id AND f.at = l.at
          ORDER BY l.at`.pipe(
          decodeAll(PointRow),
          Effect.map(
            (rows) =>
              new ActivityTrace({
                activity: ActivityId.make(id),
                points: rows.map((r) => ({
                  at: r.at,
                  lng: r.lng,
                  lat: r.lat,
                  speed: r.speed,
                  state: workStates[r.state] ?? "road",
                  field: r.field,
                })),
              }),
          ),
        ),
      /** The outlines of the fields the activity worked, in its order (the map's evidence). */
      outlines: (id: string) =>
        sql`SELECT f.id, f.name, ST_AsGeoJSON(f.geom, 7) AS geometry FROM activities a
            JOIN activity_fields af ON af.machine_id = a.machine_id AND af.activity_id = a.id
            JOIN fields f ON f.id = af.field_id
          WHERE a.id = ${id} ORDER BY af.position`.pipe(decodeAll(OutlineRow)),
      /** Whether `userId` may be the activity's member: a member of the structure, or a member's delegated user. */
      mayBeMember: (clusterId: string, userId: string) =>
        sql`SELECT EXISTS (SELECT 1 FROM memberships WHERE cluster_id = ${clusterId} AND user_id = ${userId})
            OR EXISTS (SELECT 1 FROM delegations d JOIN memberships ms ON ms.user_id = d.user_id
              AND ms.cluster_id = ${clusterId} WHERE d.delegate_id = ${userId}) AS ok`.pipe(
          decodeFirst(Exists),
          Effect.map((r) => r?.ok === true),
        ),
      isProductType: (id: string) =>
        sql`SELECT EXISTS (SELECT 1 FROM filter_entries WHERE id = ${id} AND type = 'productType') AS ok`.pipe(
          decodeFirst(Exists),
          Effect.map((r) => r?.ok === true),
        ),
      /**
       * The width the engine measured the activity's area with, metres: the first implement heard
       * with it if it has a width, else the machine's own (server/activities/engine/figures.ts).
       */
      toolWidth: (id: string) =>
        sql`SELECT coalesce((SELECT CASE WHEN x.tool_width_m > 0 THEN x.tool_width_m END
              FROM activity_auxiliaries ax JOIN machines x ON x.id = ax.auxiliary_id
              WHERE ax.machine_id = a.machine_id AND ax.activity_id = a.id
              ORDER BY ax.position LIMIT 1), m.tool_width_m)::float8 AS tool_width_m
          FROM activities a JOIN machines m ON m.id = a.machine_id WHERE a.id = ${id}`.pipe(
          decodeFirst(WidthRow),
          Effect.map((r) => r?.tool_width_m ?? null),
        ),
    }
  }),
}) {}
