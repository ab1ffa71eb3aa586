import { SqlClient } from "@effect/sql"
import { Effect, Schema } from "effect"
import type { Grant } from "../../src/schema/rights"
import { toUserSummary, UserSummaryColumns } from "../auth/userRows"
import { byName } from "../clusters/rows"
import { KnownGrants, textArray } from "../db/columns"
import { decodeAll, decodeFirst, decodeSingle, IdRow } from "../db/decode"
import {
  ColumnsRow,
  DetailRow,
  type MachineColumns,
  MachineRow,
  toColumns,
  toMachine,
  toSummary,
} from "./rows"

export type { MachineColumns, MachineRow } from "./rows"

const EntryRow = Schema.Struct({ type: Schema.String, parent_id: Schema.NullOr(Schema.String) })
const GrantsRow = Schema.Struct({ grants: KnownGrants })
const AccessRow = Schema.Struct({ ...UserSummaryColumns, grants: Schema.NullOr(KnownGrants) })
const UserIdRow = Schema.Struct({ user_id: Schema.String })
const DelegateRow = Schema.Struct({ delegate_id: Schema.String })

/** SQL of machines and per-machine grants. SQL faults are defects (500). */
export class MachinesRepo extends Effect.Service<MachinesRepo>()("MachinesRepo", {
  effect: Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const run = (statement: Effect.Effect<unknown, unknown>) => statement.pipe(Effect.asVoid, Effect.orDie)
    const jsonb = (value: unknown) => (value === null ? null : JSON.stringify(value))
    return {
      byId: (id: string) =>
        sql`SELECT m.id, m.name, m.cluster_id, c.name AS cluster_name
          FROM machines m JOIN clusters c ON c.id = m.cluster_id WHERE m.id = ${id}`.pipe(
          decodeFirst(MachineRow),
        ),
      /** The machine with its catalogue entries, owner and the box on it now. */
      details: (id: string) =>
        sql`SELECT m.id, m.name, m.cluster_id, c.name AS cluster_name,
            m.brand_id, b.name AS brand_name, m.model,
            m.category_id, fc.name AS category_name, m.type_id, ft.name AS type_name,
            m.tool_width_m, m.max_working_speed_kmh, m.can_present, m.can_type,
            m.owner_id, o.firstname AS owner_firstname, o.lastname AS owner_lastname, o.name AS owner_name,
            m.billing, m.consumption_unit, m.consumption_rate, m.maintenance, m.settings,
            (SELECT a.counter_id FROM counter_associations a
              WHERE a.machine_id = m.id AND a.start_date <= now()
                AND now() < coalesce(a.end_date, '2150-01-01T00:00:00Z'::timestamptz)
              ORDER BY a.start_date DESC LIMIT 1) AS current_counter
          FROM machines m JOIN clusters c ON c.id = m.cluster_id
          LEFT JOIN brands b ON b.id = m.brand_id
          LEFT JOIN filter_entries fc ON fc.id = m.category_id
          LEFT JOIN filter_entries ft ON ft.id = m.type_id
          LEFT JOIN users o ON o.id = m.owner_id
          WHERE m.id = ${id}`.pipe(
          decodeFirst(DetailRow),
          Effect.map((row) => row && toMachine(row)),
        ),
      /** The raw stored columns, for an edit to merge over. */
      columns: (id: string) =>
        sql`SELECT name, brand_id, model, category_id, type_id, tool_width_m, max_working_speed_kmh,
            can_present, can_type, owner_id, billing, consumption_unit, consumption_rate, maintenance, settings
          FROM machines WHERE id = ${id}`.pipe(
          decodeFirst(ColumnsRow),
          Effect.map((row) => row && toColumns(row)),
        ),
      insert: (clusterId: string, c: MachineColumns) =>
        sql`INSERT INTO machines (cluster_id, name, brand_id, model, category_id, type_id,
            tool_width_m, max_working_speed_kmh, can_present, can_type, owner_id, billing,
            consumption_unit, consumption_rate, maintenance, settings)
          VALUES (${clusterId}, ${c.name}, ${c.brand}, ${c.model}, ${c.category}, ${c.type},
            ${c.toolWidthMeters}, ${c.maxWorkingSpeedKmh}, ${c.canPresent}, ${c.canType}, ${c.owner},
            ${jsonb(c.billing)}::jsonb, ${c.consumption?.unit ?? null}, ${c.consumption?.rate ?? null}, ${JSON.stringify(c.maintenance)}::jsonb, ${JSON.stringify(c.settings)}::jsonb)
          RETURNING id`.pipe(
          decodeSingle(IdRow),
          Effect.map((row) => row.id),
        ),
      update: (id: string, c: MachineColumns) =>
        run(sql`UPDATE machines SET name = ${c.name}, brand_id = ${c.brand}, model = ${c.model},
            category_id = ${c.category}, type_id = ${c.type}, tool_width_m = ${c.toolWidthMeters},
            max_working_speed_kmh = ${c.maxWorkingSpeedKmh}, can_present = ${c.canPresent},
            can_type = ${c.canType}, owner_id = ${c.owner}, billing = ${jsonb(c.billing)}::jsonb,
            consumption_unit = ${c.consumption?.unit ?? null}, consumption_rate = ${c.consumption?.rate ?? null},
            maintenance = ${JSON.stringify(c.maintenance)}::jsonb, settings = ${JSON.stringify(c.settings)}::jsonb
          WHERE id = ${id}`),
      remove: (id: string) => run(sql`DELETE FROM machines WHERE id = ${id}`),
      brandExists: (id: string) =>
        sql`SELECT id FROM brands WHERE id = ${id}`.pipe(
          Effect.map((rows) => rows.length > 0),
          Effect.orDie,
        ),
      /** The filter entry's type and parent, if it exists. */
      entry: (id: string) =>
        sql`SELECT type, parent_id FROM filter_entries WHERE id = ${id}`.pipe(decodeFirst(EntryRow)),
      /** Machines of structures where `userId` holds seeMachines, plus those it holds a grant on. */
      visibleTo: (userId: string, clusterId: string | undefined) =>
        sql`SELECT m.id, m.name, m.cluster_id, c.name AS cluster_name
          FROM machines m JOIN clusters c ON c.id = m.cluster_id
          WHERE (${clusterId ?? null}::uuid IS NULL OR m.cluster_id = ${clusterId ?? null}::uuid)
            AND (EXISTS (SELECT 1 FROM memberships ms WHERE ms.cluster_id = m.cluster_id AND ms.user_id = ${userId}
                           AND 'seeMachines' = ANY(ms.rights))
              OR EXISTS (SELECT 1 FROM machine_grants g WHERE g.machine_id = m.id AND g.user_id = ${userId}
                           AND cardinality(g.grants) > 0))`.pipe(
          decodeAll(MachineRow),
          Effect.map((rows) => rows.map(toSummary).sort(byName)),
        ),
      grantsOf: (machineId: string, userId: string) =>
        sql`SELECT grants FROM machine_grants WHERE machine_id = ${machineId} AND user_id = ${userId}`.pipe(
          decodeFirst(GrantsRow),
          Effect.map((row) => row?.grants),
        ),
      /** The given users (those that exist) with their grants on the machine (empty when none). */
      accessOf: (machineId: string, userIds: ReadonlyArray<string>) =>
        userIds.length === 0
          ? Effect.succeed([])
          : sql`
              SELECT u.id, u.email, u.firstname, u.lastname, u.name, g.grants
              FROM users u LEFT JOIN machine_grants g ON g.user_id = u.id AND g.machine_id = ${machineId}
              WHERE u.id IN ${sql.in(userIds)}`.pipe(
              decodeAll(AccessRow),
              Effect.map((rows) => rows.map((r) => ({ user: toUserSummary(r), grants: r.grants ?? [] }))),
            ),
      memberIds: (clusterId: string) =>
        sql`SELECT user_id FROM memberships WHERE cluster_id = ${clusterId}`.pipe(
          decodeAll(UserIdRow),
          Effect.map((rows) => rows.map((r) => r.user_id)),
        ),
      delegateIds: (userId: string) =>
        sql`SELECT delegate_id FROM delegations WHERE user_id = ${userId}`.pipe(
          decodeAll(DelegateRow),
          Effect.map((rows) => rows.map((r) => r.delegate_id)),
        ),
      /** Sets the user's grants on the machine; an empty set removes the row. */
      setGrants: (machineId: string, userId: string, grants: ReadonlyArray<Grant>) =>
        run(
          grants.length === 0
            ? sql`DELETE FROM machine_grants WHERE machine_id = ${machineId} AND user_id = ${userId}`
            : sql`INSERT INTO machine_grants (machine_id, user_id, grants)
              VALUES (${machineId}, ${userId}, ${textArray(grants)}::text[])
              ON CONFLICT (machine_id, user_id) DO UPDATE SET grants = EXCLUDED.grants`,
        ),
    }
  }),
}) {}
