import { SqlClient } from "@effect/sql"
import { DateTime, Effect, Schema } from "effect"
import type {
  MaintenanceActionInput,
  MaintenanceProfileInput,
  MaintenanceRuleInput,
  ReadableCounter,
} from "../../src/schema/maintenance"
import { MaintenanceCounter } from "../../src/schema/maintenance"
import { NumericColumn, UtcColumn } from "../db/columns"
import { decodeAll } from "../db/decode"

const iso = (d: DateTime.Utc) => DateTime.formatIso(d)

const ProfileRow = Schema.Struct({ id: Schema.String, name: Schema.String, soon_share: NumericColumn })
const ProfileClusterRow = Schema.Struct({ profile_id: Schema.String, id: Schema.String, name: Schema.String })
const ProfileMachineRow = Schema.Struct({
  profile_id: Schema.String,
  id: Schema.String,
  name: Schema.String,
  cluster_id: Schema.String,
})
const RuleRow = Schema.Struct({
  id: Schema.String,
  profile_id: Schema.String,
  name: Schema.String,
  counter: MaintenanceCounter,
  frequency: NumericColumn,
  first_event: NumericColumn,
})
const ActionRow = Schema.Struct({
  id: Schema.String,
  machine_id: Schema.String,
  machine_name: Schema.String,
  done_at: UtcColumn,
  comment: Schema.String,
  cost_cents: Schema.NullOr(NumericColumn),
  parts: Schema.String,
  done_by: Schema.String,
  created_at: UtcColumn,
  author_firstname: Schema.NullOr(Schema.String),
  author_lastname: Schema.NullOr(Schema.String),
  author_name: Schema.NullOr(Schema.String),
})
const ActionRuleRow = Schema.Struct({
  action_id: Schema.String,
  rule_id: Schema.String,
  rule_name: Schema.String,
})
const ReadingRow = Schema.Struct({
  action_id: Schema.NullOr(Schema.String),
  counter: Schema.Literal("engineHours", "workingHours", "km"),
  value: NumericColumn,
  read_at: UtcColumn,
})
const LastDoneRow = Schema.Struct({ rule_id: Schema.String, action_id: Schema.String, done_at: UtcColumn })
const IdOnly = Schema.Struct({ id: Schema.String })
const MembershipRow = Schema.Struct({ cluster_id: Schema.String, rights: Schema.Array(Schema.String) })
const MachineDataRow = Schema.Struct({ m: Schema.Unknown, first_ms: Schema.NullOr(NumericColumn) })
const num = (v: unknown) => (typeof v === "number" ? v : typeof v === "string" && v !== "" ? Number(v) : null)
const ms = (v: unknown) => (typeof v === "string" && v !== "" ? Date.parse(v) : null)

export type ProfileRow = typeof ProfileRow.Type
export type RuleRow = typeof RuleRow.Type
export type ReadingRow = typeof ReadingRow.Type

/** SQL of maintenance profiles, rules, actions and readings (docs/maintenance.md). SQL faults are defects. */
export class MaintenanceRepo extends Effect.Service<MaintenanceRepo>()("MaintenanceRepo", {
  effect: Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const inProfiles = (ids: ReadonlyArray<string>) => (ids.length === 0 ? sql`(NULL::uuid)` : sql.in(ids))
    const putRules = (profileId: string, rules: ReadonlyArray<MaintenanceRuleInput>) =>
      Effect.gen(function* () {
        const keep = rules.map((r) => r.id)
        yield* keep.length === 0
          ? sql`DELETE FROM maintenance_rules WHERE profile_id = ${profileId}`
          : sql`DELETE FROM maintenance_rules WHERE profile_id = ${profileId} AND id NOT IN ${sql.in(keep)}`
        for (const [position, r] of rules.entries())
          yield* sql`INSERT INTO maintenance_rules (id, profile_id, position, name, counter, frequency, first_event)
            VALUES (${r.id}, ${profileId}, ${position}, ${r.name}, ${r.counter}, ${r.frequency}, ${r.firstEvent})
            ON CONFLICT (id) DO UPDATE SET position = EXCLUDED.position, name = EXCLUDED.name,
              counter = EXCLUDED.counter, frequency = EXCLUDED.frequency, first_event = EXCLUDED.first_event
            WHERE maintenance_rules.profile_id = EXCLUDED.profile_id`
      })
    return {
      /** The caller's structures and rights there. */
      memberships: (userId: string) =>
        sql`SELECT cluster_id, rights FROM memberships WHERE user_id = ${userId}`.pipe(
          decodeAll(MembershipRow),
          Effect.orDie,
        ),
      /** The machine's maintenance data (SPEC §3) and the first instant it had a box (ms). */
      machineData: (machineId: string) =>
        sql`SELECT m.maintenance AS m, (SELECT extract(epoch FROM min(start_date)) * 1000 FROM counter_associations
            WHERE machine_id = m.id) AS first_ms FROM machines m WHERE m.id = ${machineId}`.pipe(
          decodeAll(MachineDataRow),
          Effect.map(([row]) => {
            const raw = row?.m
            const m = (typeof raw === "string" ? JSON.parse(raw) : (raw ?? {})) as Record<string, unknown>
            return {
              dateOfIssue: ms(m.dateOfIssue),
              engineHours: num(m.engineHours),
              workingHours: num(m.workingHours),
              km: num(m.totalDistanceKm),
              measuredAt: ms(m.engineHoursMeasuredAt),
              firstBox: row?.first_ms ?? null,
            }
          }),
          Effect.orDie,
        ),
      /** Profiles naming at least one of `clusterIds`, with their structures, machines and rules. */
      profilesOf: (clusterIds: ReadonlyArray<string>) =>
        Effect.gen(function* () {
          if (clusterIds.length === 0) return []
          const profiles = yield* sql`SELECT p.id, p.name, p.soon_share FROM maintenance_profiles p
            WHERE EXISTS (SELECT 1 FROM maintenance_profile_clusters pc WHERE pc.profile_id = p.id
              AND pc.cluster_id IN ${sql.in(clusterIds)})
            ORDER BY lower(p.name), p.id`.pipe(decodeAll(ProfileRow))
          const ids = profiles.map((p) => p.id)
          return yield* withParts(profiles, ids)
        }).pipe(Effect.orDie),
      /** One profile, whatever the caller sees (the service checks). */
      profile: (id: string) =>
        Effect.gen(function* () {
          const rows =
            yield* sql`SELECT id, name, soon_share FROM maintenance_profiles WHERE id = ${id}`.pipe(
              decodeAll(ProfileRow),
            )
          const parts = yield* withParts(rows, [id])
          return parts[0] ?? null
        }).pipe(Effect.orDie),
      /** Creates or replaces a profile, its structures and its rules (machines kept). */
      putProfile: (input: MaintenanceProfileInput, by: string) =>
        Effect.gen(function* () {
          yield* sql`INSERT INTO maintenance_profiles (id, name, soon_share, created_by)
            VALUES (${input.id}, ${input.name}, ${input.soonShare}, ${by})
            ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, soon_share = EXCLUDED.soon_share, updated_at = now()`
          yield* sql`DELETE FROM maintenance_profile_clusters WHERE profile_id = ${input.id}
            AND cluster_id NOT IN ${sql.in(input.clusters)}`
          for (const cluster of new Set(input.clusters))
            yield* sql`INSERT INTO maintenance_profile_clusters (profile_id, cluster_id) VALUES (${input.id}, ${cluster})
              ON CONFLICT DO NOTHING`
          // A machine whose structure the profile no longer names leaves it (its actions stay).
          yield* sql`DELETE FROM maintenance_profile_machines pm USING machines m
            WHERE pm.profile_id = ${input.id} AND m.id = pm.machine_id AND m.cluster_id NOT IN ${sql.in(input.clusters)}`
          yield* putRules(input.id, input.rules)
        }).pipe(Effect.orDie),
      putRules: (profileId: string, rules: ReadonlyArray<MaintenanceRuleInput>) =>
        Effect.orDie(
          Effect.zipRight(
            putRules(profileId, rules),
            sql`UPDATE maintenance_profiles SET updated_at = now() WHERE id = ${profileId}`,
          ),
        ),
      /** Rule ids taken by another profile (a rule id is the client's: it cannot move between profiles). */
      foreignRules: (profileId: string, ruleIds: ReadonlyArray<string>) =>
        ruleIds.length === 0
          ? Effect.succeed([] as ReadonlyArray<string>)
          : sql`SELECT id FROM maintenance_rules WHERE id IN ${sql.in(ruleIds)} AND profile_id <> ${profileId}`.pipe(
              decodeAll(IdOnly),
              Effect.map((rows) => rows.map((r) => r.id)),
              Effect.orDie,
            ),
      attach: (profileId: string, machineIds: ReadonlyArray<string>) =>
        Effect.forEach(
          machineIds,
          (m) =>
            sql`INSERT INTO maintenance_profile_machines (profile_id, machine_id) VALUES (${profileId}, ${m})
              ON CONFLICT DO NOTHING`,
          { discard: true },
        ).pipe(Effect.orDie),
      detach: (profileId: string, machineId: string) =>
        sql`DELETE FROM maintenance_profile_machines WHERE profile_id = ${profileId} AND machine_id = ${machineId}`.pipe(
          Effect.asVoid,
          Effect.orDie,
        ),
      /** The profiles attached to a machine, with their rules. */
      profilesOfMachine: (machineId: string) =>
        Effect.gen(function* () {
          const profiles = yield* sql`SELECT p.id, p.name, p.soon_share FROM maintenance_profiles p
            JOIN maintenance_profile_machines pm ON pm.profile_id = p.id AND pm.machine_id = ${machineId}
            ORDER BY lower(p.name), p.id`.pipe(decodeAll(ProfileRow))
          return yield* withParts(
            profiles,
            profiles.map((p) => p.id),
          )
        }).pipe(Effect.orDie),
      /** Each rule's last action on the machine (the newest by date). */
      lastDone: (machineId: string) =>
        sql`SELECT DISTINCT ON (ar.rule_id) ar.rule_id, a.id AS action_id, a.done_at
          FROM maintenance_action_rules ar JOIN maintenance_actions a ON a.id = ar.action_id
          WHERE a.machine_id = ${machineId}
          ORDER BY ar.rule_id, a.done_at DESC, a.created_at DESC`.pipe(decodeAll(LastDoneRow), Effect.orDie),
      /** The machine's readings of a counter, newest first. */
      readings: (machineId: string) =>
        sql`SELECT action_id, counter, value, read_at FROM maintenance_readings WHERE machine_id = ${machineId}
          ORDER BY read_at DESC, id DESC`.pipe(decodeAll(ReadingRow), Effect.orDie),
      addReading: (
        machineId: string,
        counter: ReadableCounter,
        value: number,
        at: DateTime.Utc,
        by: string,
        actionId: string | null,
      ) =>
        sql`INSERT INTO maintenance_readings (machine_id, counter, value, read_at, action_id, entered_by)
          VALUES (${machineId}, ${counter}, ${value}, ${iso(at)}::timestamptz, ${actionId}, ${by})`.pipe(
          Effect.asVoid,
          Effect.orDie,
        ),
      /** Records an action (false when its id was already recorded: the retried POST changes nothing). */
      addAction: (input: MaintenanceActionInput, ruleNames: ReadonlyMap<string, string>, by: string) =>
        Effect.gen(function* () {
          const inserted = yield* sql`INSERT INTO maintenance_actions
              (id, machine_id, done_at, comment, cost_cents, parts, done_by, author_id)
            VALUES (${input.id}, ${input.machine}, ${iso(input.date)}::timestamptz, ${input.comment},
              ${input.costCents}, ${input.parts}, ${input.doneBy}, ${by})
            ON CONFLICT (id) DO NOTHING RETURNING id`.pipe(decodeAll(IdOnly))
          if (inserted.length === 0) return false
          for (const rule of new Set(input.rules))
            yield* sql`INSERT INTO maintenance_action_rules (action_id, rule_id, rule_name)
              VALUES (${input.id}, ${rule}, ${ruleNames.get(rule) ?? ""})`
          for (const r of input.readings)
            yield* sql`INSERT INTO maintenance_readings (machine_id, counter, value, read_at, action_id, entered_by)
              VALUES (${input.machine}, ${r.counter}, ${r.value}, ${iso(input.date)}::timestamptz, ${input.id}, ${by})`
          return true
        }).pipe(Effect.orDie),
      actionMachine: (id: string) =>
        sql`SELECT machine_id AS id FROM maintenance_actions WHERE id = ${id}`.pipe(
          decodeAll(IdOnly),
          Effect.map((rows) => rows[0]?.id ?? null),
          Effect.orDie,
        ),
      removeAction: (id: string) =>
        sql`DELETE FROM maintenance_actions WHERE id = ${id}`.pipe(Effect.asVoid, Effect.orDie),
      /** The machines' actions, newest first (SPEC §9), with their rules and readings. */
      actions: (machineIds: ReadonlyArray<string>) =>
        Effect.gen(function* () {
          if (machineIds.length === 0) return []
          const rows = yield* sql`SELECT a.id, a.machine_id, m.name AS machine_name, a.done_at, a.comment,
              a.cost_cents, a.parts, a.done_by, a.created_at,
              u.firstname AS author_firstname, u.lastname AS author_lastname, u.name AS author_name
            FROM maintenance_actions a JOIN machines m ON m.id = a.machine_id
            LEFT JOIN users u ON u.id = a.author_id
            WHERE a.machine_id IN ${sql.in(machineIds)}
            ORDER BY a.done_at DESC, a.created_at DESC LIMIT 1000`.pipe(decodeAll(ActionRow))
          const ids = rows.map((r) => r.id)
          const rules = yield* sql`SELECT action_id, rule_id, rule_name FROM maintenance_action_rules
            WHERE action_id IN ${inProfiles(ids)} ORDER BY rule_name`.pipe(decodeAll(ActionRuleRow))
          const readings = yield* sql`SELECT action_id, counter, value, read_at FROM maintenance_readings
            WHERE action_id IN ${inProfiles(ids)} ORDER BY counter`.pipe(decodeAll(ReadingRow))
          return rows.map((row) => ({
            row,
            rules: rules.filter((r) => r.action_id === row.id),
            readings: readings.filter((r) => r.action_id === row.id),
          }))
        }).pipe(Effect.orDie),
    }

    function withParts(profiles: ReadonlyArray<ProfileRow>, ids: ReadonlyArray<string>) {
      return Effect.gen(function* () {
        if (profiles.length === 0) return []
        const clusters = yield* sql`SELECT pc.profile_id, c.id, c.name FROM maintenance_profile_clusters pc
          JOIN clusters c ON c.id = pc.cluster_id WHERE pc.profile_id IN ${sql.in(ids)}
          ORDER BY lower(c.name)`.pipe(decodeAll(ProfileClusterRow))
        const machines =
          yield* sql`SELECT pm.profile_id, m.id, m.name, m.cluster_id FROM maintenance_profile_machines pm
          JOIN machines m ON m.id = pm.machine_id WHERE pm.profile_id IN ${sql.in(ids)}
          ORDER BY lower(m.name)`.pipe(decodeAll(ProfileMachineRow))
        const rules =
          yield* sql`SELECT id, profile_id, name, counter, frequency, first_event FROM maintenance_rules
          WHERE profile_id IN ${sql.in(ids)} ORDER BY position`.pipe(decodeAll(RuleRow))
        return profiles.map((p) => ({
          profile: p,
          clusters: clusters.filter((c) => c.profile_id === p.id),
          machines: machines.filter((m) => m.profile_id === p.id),
          rules: rules.filter((r) => r.profile_id === p.id),
        }))
      })
    }
  }),
}) {}
