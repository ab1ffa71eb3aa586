import { SqlClient } from "@effect/sql"
import { Context, Effect, Layer, Schema } from "effect"
import { ClusterId, MachineId } from "../../src/schema/ids"
import { defaultSettings, Machine, type MachineSettings, MachineSummary } from "../../src/schema/machine"
import { grants as allGrants, type Grant } from "../../src/schema/rights"
import { byName, textArray, type UserSummaryRow } from "../clusters/repository"

const knownGrants = (list: ReadonlyArray<string>): ReadonlyArray<Grant> =>
  allGrants.filter((g) => list.includes(g))

export interface MachineRow {
  readonly id: string
  readonly name: string
  readonly cluster_id: string
  readonly cluster_name: string
}

const toSummary = (r: MachineRow) =>
  new MachineSummary({
    id: MachineId.make(r.id),
    name: r.name,
    cluster: { id: ClusterId.make(r.cluster_id), name: r.cluster_name },
  })

const parseJson = (value: unknown): unknown => (typeof value === "string" ? JSON.parse(value) : value)
const iso = (value: unknown): string | null =>
  value === null || value === undefined ? null : new Date(value as string).toISOString()
const decodeMachine = Schema.decodeUnknownSync(Machine)

/** What a machine's columns hold, as written (numbers already decoded, dates as ISO text). */
export interface MachineColumns {
  readonly name: string
  readonly brand: string | null
  readonly model: string | null
  readonly category: string | null
  readonly type: string | null
  readonly toolWidthMeters: number | null
  readonly maxWorkingSpeedKmh: number | null
  readonly canPresent: boolean
  readonly canType: string | null
  readonly owner: string | null
  readonly billing: { readonly unit: string; readonly rate: number } | null
  readonly maintenance: Record<string, unknown>
  readonly settings: MachineSettings
}

interface DetailRow {
  readonly id: string
  readonly name: string
  readonly cluster_id: string
  readonly cluster_name: string
  readonly brand_id: string | null
  readonly brand_name: string | null
  readonly model: string | null
  readonly category_id: string | null
  readonly category_name: unknown
  readonly type_id: string | null
  readonly type_name: unknown
  readonly tool_width_m: number | null
  readonly max_working_speed_kmh: number | null
  readonly can_present: boolean
  readonly can_type: string | null
  readonly owner_id: string | null
  readonly owner_firstname: string | null
  readonly owner_lastname: string | null
  readonly owner_name: string | null
  readonly billing: unknown
  readonly maintenance: unknown
  readonly settings: unknown
  readonly current_counter: string | null
}

/** Stored settings are merged over the defaults, so a parameter added later reads its default. */
export const settingsOf = (stored: unknown): MachineSettings => ({
  ...defaultSettings,
  ...((parseJson(stored) ?? {}) as Partial<MachineSettings>),
})

const toMachine = (r: DetailRow): Machine => {
  const m = (parseJson(r.maintenance) ?? {}) as Record<string, unknown>
  const num = (v: unknown) => (v === null || v === undefined ? null : Number(v))
  return decodeMachine({
    id: r.id,
    cluster: { id: r.cluster_id, name: r.cluster_name },
    name: r.name,
    brand: r.brand_id ? { id: r.brand_id, name: r.brand_name } : null,
    model: r.model,
    category: r.category_id ? { id: r.category_id, name: parseJson(r.category_name) } : null,
    type: r.type_id ? { id: r.type_id, name: parseJson(r.type_name) } : null,
    toolWidthMeters: num(r.tool_width_m),
    maxWorkingSpeedKmh: num(r.max_working_speed_kmh),
    canPresent: r.can_present,
    canType: r.can_type,
    owner: r.owner_id
      ? {
          id: r.owner_id,
          firstname: r.owner_firstname ?? "",
          lastname: r.owner_lastname ?? "",
          name: r.owner_name,
        }
      : null,
    billing: parseJson(r.billing) ?? null,
    maintenance: {
      dateOfIssue: iso(m.dateOfIssue),
      totalDistanceKm: num(m.totalDistanceKm),
      workingHours: num(m.workingHours),
      engineHours: num(m.engineHours),
      engineHoursMeasuredAt: iso(m.engineHoursMeasuredAt),
    },
    settings: settingsOf(r.settings),
    currentCounter: r.current_counter,
  })
}

export interface AccessRow extends UserSummaryRow {
  readonly grants: ReadonlyArray<Grant>
}

/** SQL of machines and per-machine grants. SQL faults are defects (500). */
export class MachinesRepo extends Context.Tag("MachinesRepo")<
  MachinesRepo,
  {
    readonly byId: (id: string) => Effect.Effect<MachineRow | undefined>
    /** The machine with its catalogue entries, owner and the box on it now. */
    readonly details: (id: string) => Effect.Effect<Machine | undefined>
    /** The raw stored columns, for an edit to merge over. */
    readonly columns: (id: string) => Effect.Effect<MachineColumns | undefined>
    readonly insert: (clusterId: string, columns: MachineColumns) => Effect.Effect<string>
    readonly update: (id: string, columns: MachineColumns) => Effect.Effect<void>
    readonly remove: (id: string) => Effect.Effect<void>
    readonly brandExists: (id: string) => Effect.Effect<boolean>
    /** The filter entry's type and parent, if it exists. */
    readonly entry: (
      id: string,
    ) => Effect.Effect<{ readonly type: string; readonly parent_id: string | null } | undefined>
    /** Machines of structures where `userId` holds seeMachines, plus those it holds a grant on. */
    readonly visibleTo: (
      userId: string,
      clusterId: string | undefined,
    ) => Effect.Effect<ReadonlyArray<MachineSummary>>
    readonly grantsOf: (machineId: string, userId: string) => Effect.Effect<ReadonlyArray<Grant> | undefined>
    /** The given users (those that exist) with their grants on the machine (empty when none). */
    readonly accessOf: (
      machineId: string,
      userIds: ReadonlyArray<string>,
    ) => Effect.Effect<ReadonlyArray<AccessRow>>
    readonly memberIds: (clusterId: string) => Effect.Effect<ReadonlyArray<string>>
    readonly delegateIds: (userId: string) => Effect.Effect<ReadonlyArray<string>>
    /** Sets the user's grants on the machine; an empty set removes the row. */
    readonly setGrants: (
      machineId: string,
      userId: string,
      grants: ReadonlyArray<Grant>,
    ) => Effect.Effect<void>
  }
>() {}

export const MachinesRepoLive = Layer.effect(
  MachinesRepo,
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    return {
      byId: (id) =>
        sql<MachineRow>`SELECT m.id, m.name, m.cluster_id, c.name AS cluster_name
          FROM machines m JOIN clusters c ON c.id = m.cluster_id WHERE m.id = ${id}`.pipe(
          Effect.map((rows) => rows[0]),
          Effect.orDie,
        ),
      details: (id) =>
        sql<DetailRow>`SELECT m.id, m.name, m.cluster_id, c.name AS cluster_name,
            m.brand_id, b.name AS brand_name, m.model,
            m.category_id, fc.name AS category_name, m.type_id, ft.name AS type_name,
            m.tool_width_m, m.max_working_speed_kmh, m.can_present, m.can_type,
            m.owner_id, o.firstname AS owner_firstname, o.lastname AS owner_lastname, o.name AS owner_name,
            m.billing, m.maintenance, m.settings,
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
          Effect.map((rows) => (rows[0] ? toMachine(rows[0]) : undefined)),
          Effect.orDie,
        ),
      columns: (id) =>
        sql<{
          name: string
          brand_id: string | null
          model: string | null
          category_id: string | null
          type_id: string | null
          tool_width_m: number | null
          max_working_speed_kmh: number | null
          can_present: boolean
          can_type: string | null
          owner_id: string | null
          billing: unknown
          maintenance: unknown
          settings: unknown
        }>`SELECT name, brand_id, model, category_id, type_id, tool_width_m, max_working_speed_kmh,
            can_present, can_type, owner_id, billing, maintenance, settings
          FROM machines WHERE id = ${id}`.pipe(
          Effect.map((rows) => {
            const r = rows[0]
            if (!r) return undefined
            return {
              name: r.name,
              brand: r.brand_id,
              model: r.model,
              category: r.category_id,
              type: r.type_id,
              toolWidthMeters: r.tool_width_m === null ? null : Number(r.tool_width_m),
              maxWorkingSpeedKmh: r.max_working_speed_kmh === null ? null : Number(r.max_working_speed_kmh),
              canPresent: r.can_present,
              canType: r.can_type,
              owner: r.owner_id,
              billing: (parseJson(r.billing) ?? null) as MachineColumns["billing"],
              maintenance: (parseJson(r.maintenance) ?? {}) as Record<string, unknown>,
              settings: settingsOf(r.settings),
            } satisfies MachineColumns
          }),
          Effect.orDie,
        ),
      insert: (clusterId, c) =>
        sql<{ id: string }>`INSERT INTO machines (cluster_id, name, brand_id, model, category_id, type_id,
            tool_width_m, max_working_speed_kmh, can_present, can_type, owner_id, billing, maintenance, settings)
          VALUES (${clusterId}, ${c.name}, ${c.brand}, ${c.model}, ${c.category}, ${c.type},
            ${c.toolWidthMeters}, ${c.maxWorkingSpeedKmh}, ${c.canPresent}, ${c.canType}, ${c.owner},
            ${c.billing === null ? null : JSON.stringify(c.billing)}::jsonb,
            ${JSON.stringify(c.maintenance)}::jsonb, ${JSON.stringify(c.settings)}::jsonb)
          RETURNING id`.pipe(
          Effect.map((rows) => rows[0].id),
          Effect.orDie,
        ),
      update: (id, c) =>
        sql`UPDATE machines SET name = ${c.name}, brand_id = ${c.brand}, model = ${c.model},
            category_id = ${c.category}, type_id = ${c.type}, tool_width_m = ${c.toolWidthMeters},
            max_working_speed_kmh = ${c.maxWorkingSpeedKmh}, can_present = ${c.canPresent},
            can_type = ${c.canType}, owner_id = ${c.owner},
            billing = ${c.billing === null ? null : JSON.stringify(c.billing)}::jsonb,
            maintenance = ${JSON.stringify(c.maintenance)}::jsonb, settings = ${JSON.stringify(c.settings)}::jsonb
          WHERE id = ${id}`.pipe(Effect.asVoid, Effect.orDie),
      remove: (id) => sql`DELETE FROM machines WHERE id = ${id}`.pipe(Effect.asVoid, Effect.orDie),
      brandExists: (id) =>
        sql<{ id: string }>`SELECT id FROM brands WHERE id = ${id}`.pipe(
          Effect.map((rows) => rows.length > 0),
          Effect.orDie,
        ),
      entry: (id) =>
        sql<{ type: string; parent_id: string | null }>`SELECT type, parent_id FROM filter_entries
          WHERE id = ${id}`.pipe(
          Effect.map((rows) => rows[0]),
          Effect.orDie,
        ),
      visibleTo: (userId, clusterId) =>
        sql<MachineRow>`SELECT m.id, m.name, m.cluster_id, c.name AS cluster_name
          FROM machines m JOIN clusters c ON c.id = m.cluster_id
          WHERE (${clusterId ?? null}::uuid IS NULL OR m.cluster_id = ${clusterId ?? null}::uuid)
            AND (EXISTS (SELECT 1 FROM memberships ms WHERE ms.cluster_id = m.cluster_id AND ms.user_id = ${userId}
                           AND 'seeMachines' = ANY(ms.rights))
              OR EXISTS (SELECT 1 FROM machine_grants g WHERE g.machine_id = m.id AND g.user_id = ${userId}
                           AND cardinality(g.grants) > 0))`.pipe(
          Effect.map((rows) => rows.map(toSummary).sort(byName)),
          Effect.orDie,
        ),
      grantsOf: (machineId, userId) =>
        sql<{ grants: ReadonlyArray<string> }>`SELECT grants FROM machine_grants
          WHERE machine_id = ${machineId} AND user_id = ${userId}`.pipe(
          Effect.map((rows) => (rows[0] ? knownGrants(rows[0].grants) : undefined)),
          Effect.orDie,
        ),
      accessOf: (machineId, userIds) =>
        userIds.length === 0
          ? Effect.succeed([])
          : sql<UserSummaryRow & { grants: ReadonlyArray<string> | null }>`
              SELECT u.id, u.email, u.firstname, u.lastname, u.name, g.grants
              FROM users u LEFT JOIN machine_grants g ON g.user_id = u.id AND g.machine_id = ${machineId}
              WHERE u.id IN ${sql.in(userIds)}`.pipe(
              Effect.map((rows) => rows.map((r) => ({ ...r, grants: knownGrants(r.grants ?? []) }))),
              Effect.orDie,
            ),
      memberIds: (clusterId) =>
        sql<{ user_id: string }>`SELECT user_id FROM memberships WHERE cluster_id = ${clusterId}`.pipe(
          Effect.map((rows) => rows.map((r) => r.user_id)),
          Effect.orDie,
        ),
      delegateIds: (userId) =>
        sql<{ delegate_id: string }>`SELECT delegate_id FROM delegations WHERE user_id = ${userId}`.pipe(
          Effect.map((rows) => rows.map((r) => r.delegate_id)),
          Effect.orDie,
        ),
      setGrants: (machineId, userId, grants) =>
        (grants.length === 0
          ? sql`DELETE FROM machine_grants WHERE machine_id = ${machineId} AND user_id = ${userId}`
          : sql`INSERT INTO machine_grants (machine_id, user_id, grants)
              VALUES (${machineId}, ${userId}, ${textArray(grants)}::text[])
              ON CONFLICT (machine_id, user_id) DO UPDATE SET grants = EXCLUDED.grants`
        ).pipe(Effect.asVoid, Effect.orDie),
    }
  }),
)
