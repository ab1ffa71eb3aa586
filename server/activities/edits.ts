import { SqlClient, type Statement } from "@effect/sql"
import { Effect, Schema } from "effect"
import { ActivityCorrectionChoices, type ActivityHistoryEntry } from "../../src/schema/activity"
import { FilterName } from "../../src/schema/catalogue"
import { ActivityId, FieldId, FilterEntryId, MachineId, UserId } from "../../src/schema/ids"
import { JsonColumn, NumericColumn, UtcColumn } from "../db/columns"
import { decodeAll, decodeFirst } from "../db/decode"
import { correctedLists, type EngineLists, editsOf, listEditColumns, listEditSelect } from "./corrections"
import { queueDays } from "./dirty"
import { person } from "./repository"

/**
 * A person's corrections of an activity (docs/activities.md#corrections) and their history: who
 * it is for, what was spread, the fields it worked, its drivers and implements. Every value that
 * changed is written to the history (what it was, what it became, who, when) in the correction's
 * transaction; the lists as corrected replace the activity's lists at once, and an implement
 * changed queues the day's recomputation, whose engine measures the area at the new width.
 */

const Person = Schema.Struct({
  id: UserId,
  firstname: Schema.String,
  lastname: Schema.String,
  name: Schema.NullOr(Schema.String),
})
const Ref = Schema.Struct({ id: FilterEntryId, name: FilterName })
const Named = <I extends Schema.Schema.Any>(id: I) => Schema.Struct({ id, name: Schema.String })
const HistoryRow = Schema.Struct({
  edited_at: UtcColumn,
  by: Schema.NullOr(JsonColumn(Person)),
  field: Schema.Literal("member", "productType", "fields", "drivers", "auxiliaries", "split", "merge"),
  at_instant: Schema.NullOr(UtcColumn),
  other: Schema.NullOr(ActivityId),
  from_person: Schema.NullOr(JsonColumn(Person)),
  to_person: Schema.NullOr(JsonColumn(Person)),
  from_ref: Schema.NullOr(JsonColumn(Ref)),
  to_ref: Schema.NullOr(JsonColumn(Ref)),
  from_fields: JsonColumn(Schema.Array(Named(FieldId))),
  to_fields: JsonColumn(Schema.Array(Named(FieldId))),
  from_people: JsonColumn(Schema.Array(Person)),
  to_people: JsonColumn(Schema.Array(Person)),
  from_machines: JsonColumn(Schema.Array(Named(MachineId))),
  to_machines: JsonColumn(Schema.Array(Named(MachineId))),
})
const toEntry = (r: typeof HistoryRow.Type): ActivityHistoryEntry => ({
  at: r.edited_at,
  by: r.by,
  change:
    r.field === "member"
      ? { field: "member", from: r.from_person, to: r.to_person }
      : r.field === "productType"
        ? { field: "productType", from: r.from_ref, to: r.to_ref }
        : r.field === "fields"
          ? { field: "fields", from: r.from_fields, to: r.to_fields }
          : r.field === "drivers"
            ? { field: "drivers", from: r.from_people, to: r.to_people }
            : r.field === "auxiliaries"
              ? { field: "auxiliaries", from: r.from_machines, to: r.to_machines }
              : { field: r.field, at: r.at_instant ?? r.edited_at, other: r.other },
})

/** The names of the ids of an array column, in its order (those deleted since left out). */
const namesOf = (column: string, table: string, json: string, alias: string) =>
  `coalesce((SELECT json_agg(${json} ORDER BY array_position(${column}, ${alias}.id)) FROM ${table} ${alias}
    WHERE ${alias}.id = ANY(${column})), '[]')`

const Share = Schema.Struct({
  fieldId: Schema.String,
  workSeconds: Schema.Number,
  areaHa: Schema.NullOr(Schema.Number),
})
const BeforeRow = Schema.Struct({
  machine_id: Schema.String,
  cluster_id: Schema.String,
  day: Schema.String,
  member: Schema.NullOr(Schema.String),
  product: Schema.NullOr(Schema.String),
  field_ids: Schema.Array(Schema.String),
  driver_ids: Schema.Array(Schema.String),
  auxiliary_ids: Schema.Array(Schema.String),
  shares: JsonColumn(Schema.Array(Share)),
  unknown_field_s: NumericColumn,
  area_ha: Schema.NullOr(NumericColumn),
  engine_lists: Schema.NullOr(
    JsonColumn(
      Schema.Struct({
        fields: Schema.Array(Share),
        unknownFieldSeconds: Schema.Number,
        areaHa: Schema.NullOr(Schema.Number),
        driverIds: Schema.Array(Schema.String),
        auxiliaryIds: Schema.Array(Schema.String),
      }),
    ),
  ),
  ...listEditColumns,
})

/** What a correction sets; an absent key leaves the value as it is. */
export interface Correction {
  readonly member?: string | null
  readonly productType?: string | null
  readonly fields?: ReadonlyArray<string>
  readonly drivers?: ReadonlyArray<string>
  readonly auxiliaries?: ReadonlyArray<string>
}

const sameList = (a: ReadonlyArray<string>, b: ReadonlyArray<string>) =>
  a.length === b.length && a.every((x, i) => x === b[i])

const Count = Schema.Struct({ n: NumericColumn })
const ChoiceField = Schema.Struct({
  id: FieldId,
  name: Schema.String,
  owner: Schema.NullOr(JsonColumn(Person)),
  area_ha: NumericColumn,
})
const ChoiceMachine = Schema.Struct({
  id: MachineId,
  name: Schema.String,
  tool_width_m: Schema.NullOr(NumericColumn),
})

/** SQL of an activity's corrections and their history (SQL faults are defects). */
export class ActivityEditsRepo extends Effect.Service<ActivityEditsRepo>()("ActivityEditsRepo", {
  effect: Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    /** The fields the engine may find the machine of structure `clusterId` in: its members'. */
    const fieldsOfCluster = (clusterId: string) =>
      sql`SELECT f.id, f.name, f.area_ha::float8 AS area_ha,
          (SELECT ${sql.unsafe(person("u"))} FROM users u WHERE u.id = f.owner_id) AS owner
        FROM fields f
        WHERE EXISTS (SELECT 1 FROM memberships ms WHERE ms.cluster_id = ${clusterId} AND ms.user_id = f.owner_id)`
    const driversOfCluster = (clusterId: string) =>
      sql`SELECT u.id, u.firstname, u.lastname, u.name FROM users u
        WHERE EXISTS (SELECT 1 FROM memberships ms WHERE ms.cluster_id = ${clusterId} AND ms.user_id = u.id)`
    const implementsOf = (machineId: string, clusterId: string) =>
      sql`SELECT x.id, x.name, x.tool_width_m::float8 AS tool_width_m FROM machines x
        WHERE x.cluster_id = ${clusterId} AND x.id <> ${machineId}`
    /** How many of `ids` are in `choices` (a SELECT with an `id` column). */
    const countIn = (choices: Statement.Fragment, ids: ReadonlyArray<string>) =>
      ids.length === 0
        ? Effect.succeed(0)
        : sql`SELECT count(*)::int AS n FROM (${choices}) c WHERE c.id IN ${sql.in(ids)}`.pipe(
            decodeFirst(Count),
            Effect.map((r) => r?.n ?? 0),
          )
    return {
      /** What the activity of machine `machineId` (of `clusterId`) may be corrected to. */
      choices: (machineId: string, clusterId: string) =>
        Effect.all(
          {
            fields: sql`${fieldsOfCluster(clusterId)} ORDER BY f.name, f.id`.pipe(decodeAll(ChoiceField)),
            drivers: sql`${driversOfCluster(clusterId)} ORDER BY u.lastname, u.firstname, u.id`.pipe(
              decodeAll(Person),
            ),
            machines: sql`${implementsOf(machineId, clusterId)} ORDER BY x.name, x.id`.pipe(
              decodeAll(ChoiceMachine),
            ),
          },
          { concurrency: "unbounded" },
        ).pipe(
          Effect.map(
            ({ fields, drivers, machines }) =>
              new ActivityCorrectionChoices({
                fields: fields.map((f) => ({ id: f.id, name: f.name, owner: f.owner, areaHa: f.area_ha })),
                drivers,
                implements: machines.map((m) => ({ id: m.id, name: m.name, toolWidthM: m.tool_width_m })),
              }),
          ),
        ),
      /** Whether every one of the lists names only what `choices` offers (each id once). */
      allowed: (machineId: string, clusterId: string, c: Correction) =>
        Effect.gen(function* () {
          const check = (ids: ReadonlyArray<string> | undefined, choices: Statement.Fragment) =>
            ids === undefined
              ? Effect.succeed(true)
              : Effect.map(countIn(choices, [...new Set(ids)]), (n) => n === new Set(ids).size)
          const ok = yield* Effect.all([
            check(c.fields, fieldsOfCluster(clusterId)),
            check(c.drivers, driversOfCluster(clusterId)),
            check(c.auxiliaries, implementsOf(machineId, clusterId)),
          ])
          return ok.every(Boolean)
        }),
      /** The corrections of an activity, oldest first, with the names of what they name. */
      history: (id: string) =>
        sql`SELECT e.edited_at, e.field, e.at_instant,
            (SELECT x.id FROM activities x WHERE x.id = e.to_id AND e.field = 'split' LIMIT 1) AS other,
            (SELECT ${sql.unsafe(person("u"))} FROM users u WHERE u.id = e.edited_by) AS by,
            CASE WHEN e.field = 'member' THEN (SELECT ${sql.unsafe(person("u"))} FROM users u WHERE u.id = e.from_id) END AS from_person,
            CASE WHEN e.field = 'member' THEN (SELECT ${sql.unsafe(person("u"))} FROM users u WHERE u.id = e.to_id) END AS to_person,
            CASE WHEN e.field = 'productType' THEN (SELECT json_build_object('id', p.id, 'name', p.name)
              FROM filter_entries p WHERE p.id = e.from_id) END AS from_ref,
            CASE WHEN e.field = 'productType' THEN (SELECT json_build_object('id', p.id, 'name', p.name)
              FROM filter_entries p WHERE p.id = e.to_id) END AS to_ref,
            ${sql.unsafe(namesOf("e.from_ids", "fields", "json_build_object('id', f.id, 'name', f.name)", "f"))} AS from_fields,
            ${sql.unsafe(namesOf("e.to_ids", "fields", "json_build_object('id', f.id, 'name', f.name)", "f"))} AS to_fields,
            ${sql.unsafe(namesOf("e.from_ids", "users", person("u"), "u"))} AS from_people,
            ${sql.unsafe(namesOf("e.to_ids", "users", person("u"), "u"))} AS to_people,
            ${sql.unsafe(namesOf("e.from_ids", "machines", "json_build_object('id', x.id, 'name', x.name)", "x"))} AS from_machines,
            ${sql.unsafe(namesOf("e.to_ids", "machines", "json_build_object('id', x.id, 'name', x.name)", "x"))} AS to_machines
          FROM activity_edits e WHERE e.activity_id = ${id} ORDER BY e.edited_at, e.id`.pipe(
          decodeAll(HistoryRow),
          Effect.map((rows) => rows.map(toEntry)),
        ),
      /**
       * A person's correction: kept apart from the engine's figures, with the figures they saw, and
       * written to the history (each value that changed: what it was, what it became), in one
       * transaction. A value set to what it already was leaves no line.
       */
      edit: (id: string, by: string, c: Correction) =>
        sql
          .withTransaction(
            Effect.gen(function* () {
              const before = yield* sql`SELECT a.machine_id, m.cluster_id, a.day::text AS day,
                  CASE WHEN a.member_edited THEN a.edited_member_id ELSE a.member_id END AS member,
                  CASE WHEN a.product_type_edited THEN a.edited_product_type_id ELSE a.product_type_id END AS product,
                  coalesce((SELECT array_agg(af.field_id::text ORDER BY af.position) FROM activity_fields af
                    WHERE af.machine_id = a.machine_id AND af.activity_id = a.id), '{}') AS field_ids,
                  coalesce((SELECT array_agg(d.user_id::text ORDER BY d.position) FROM activity_drivers d
                    WHERE d.machine_id = a.machine_id AND d.activity_id = a.id), '{}') AS driver_ids,
                  coalesce((SELECT array_agg(x.auxiliary_id::text ORDER BY x.position) FROM activity_auxiliaries x
                    WHERE x.machine_id = a.machine_id AND x.activity_id = a.id), '{}') AS auxiliary_ids,
                  coalesce((SELECT json_agg(json_build_object('fieldId', af.field_id, 'workSeconds', af.work_s,
                    'areaHa', af.area_ha) ORDER BY af.position) FROM activity_fields af
                    WHERE af.machine_id = a.machine_id AND af.activity_id = a.id), '[]') AS shares,
                  a.unknown_field_s, a.area_ha, a.engine_lists, ${sql.unsafe(listEditSelect("a"))}
                FROM activities a JOIN machines m ON m.id = a.machine_id
                WHERE a.id = ${id} FOR UPDATE OF a`.pipe(decodeFirst(BeforeRow))
              if (!before) return
              const single = (field: string, from: string | null, to: string | null | undefined) =>
                to !== undefined && to !== from ? [{ field, from, to, fromIds: null, toIds: null }] : []
              const list = (
                field: string,
                from: ReadonlyArray<string>,
                to: ReadonlyArray<string> | undefined,
              ) => {
                const chosen = to === undefined ? undefined : [...new Set(to)]
                return chosen !== undefined && !sameList(from, chosen)
                  ? [{ field, from: null, to: null, fromIds: from, toIds: chosen }]
                  : []
              }
              const changes = [
                ...single("member", before.member, c.member),
                ...single("productType", before.product, c.productType),
                ...list("fields", before.field_ids, c.fields),
                ...list("drivers", before.driver_ids, c.drivers),
                ...list("auxiliaries", before.auxiliary_ids, c.auxiliaries),
              ]
              for (const ch of changes)
                yield* sql`INSERT INTO activity_edits (activity_id, machine_id, edited_by, field, from_id, to_id,
                    from_ids, to_ids)
                  VALUES (${id}, ${before.machine_id}, ${by}, ${ch.field}, ${ch.from}, ${ch.to},
                    ${ch.fromIds === null ? null : `{${ch.fromIds.join(",")}}`}::uuid[],
                    ${ch.toIds === null ? null : `{${ch.toIds.join(",")}}`}::uuid[])`
              // What the engine found (kept since lists could be corrected; before, the lists as stored).
              const engine: EngineLists = before.engine_lists ?? {
                fields: before.shares,
                unknownFieldSeconds: before.unknown_field_s,
                areaHa: before.area_ha,
                driverIds: before.driver_ids,
                auxiliaryIds: before.auxiliary_ids,
              }
              const stored = editsOf(before)
              const edits = {
                fields: c.fields ?? stored.fields,
                drivers: c.drivers ?? stored.drivers,
                auxiliaries: c.auxiliaries ?? stored.auxiliaries,
              }
              const lists = correctedLists(engine, edits)
              const array = (ids: ReadonlyArray<string> | null) =>
                ids === null ? null : `{${ids.join(",")}}`
              yield* sql`UPDATE activities SET
                  member_edited = member_edited OR ${c.member !== undefined},
                  edited_member_id = CASE WHEN ${c.member !== undefined} THEN ${c.member ?? null}::uuid ELSE edited_member_id END,
                  product_type_edited = product_type_edited OR ${c.productType !== undefined},
                  edited_product_type_id = CASE WHEN ${c.productType !== undefined} THEN ${c.productType ?? null}::uuid
                    ELSE edited_product_type_id END,
                  fields_edited = ${edits.fields !== null}, edited_field_ids = ${array(edits.fields)}::uuid[],
                  drivers_edited = ${edits.drivers !== null}, edited_driver_ids = ${array(edits.drivers)}::uuid[],
                  auxiliaries_edited = ${edits.auxiliaries !== null},
                  edited_auxiliary_ids = ${array(edits.auxiliaries)}::uuid[],
                  engine_lists = ${JSON.stringify(engine)}::jsonb, unknown_field_s = ${lists.unknownFieldSeconds},
                  edited_by = ${by}, edited_at = now(), edit_fingerprint = figures_fingerprint, differs_from_edit = false
                WHERE id = ${id}`
              const key = sql`machine_id = ${before.machine_id} AND activity_id = ${id}`
              if (c.fields !== undefined) {
                yield* sql`DELETE FROM activity_fields WHERE ${key}`
                for (const [position, f] of lists.fields.entries())
                  yield* sql`INSERT INTO activity_fields (machine_id, activity_id, field_id, position, work_s, area_ha)
                    VALUES (${before.machine_id}, ${id}, ${f.fieldId}, ${position}, ${f.workSeconds}, ${f.areaHa})`
              }
              if (c.drivers !== undefined) {
                yield* sql`DELETE FROM activity_drivers WHERE ${key}`
                for (const [position, user] of lists.driverIds.entries())
                  yield* sql`INSERT INTO activity_drivers (machine_id, activity_id, user_id, position)
                    VALUES (${before.machine_id}, ${id}, ${user}, ${position})`
              }
              if (c.auxiliaries !== undefined) {
                yield* sql`DELETE FROM activity_auxiliaries WHERE ${key}`
                for (const [position, machine] of lists.auxiliaryIds.entries())
                  yield* sql`INSERT INTO activity_auxiliaries (machine_id, activity_id, auxiliary_id, position)
                    VALUES (${before.machine_id}, ${id}, ${machine}, ${position})`
                // The area follows the implement's width: the day is measured again (docs/activities.md).
                if (changes.some((ch) => ch.field === "auxiliaries"))
                  yield* queueDays(
                    sql`SELECT ${before.machine_id}::uuid AS machine_id, ${before.day}::date AS day`,
                  )
              }
            }),
          )
          .pipe(Effect.asVoid, Effect.orDie),
    }
  }),
}) {}
