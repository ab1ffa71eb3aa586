import type { SqlClient } from "@effect/sql"
import { Effect, Schema } from "effect"
import type { Grant, Right } from "../../src/schema/rights"
import { KnownGrants, KnownRights } from "../db/columns"
import { decodeAll, decodeFirst, IdRow } from "../db/decode"
import type { CallerAccess, Holder } from "./model"

const RightsRow = Schema.Struct({ cluster_id: Schema.String, rights: KnownRights })
const GrantsRow = Schema.Struct({ machine_id: Schema.String, grants: KnownGrants })
const MachineRow = Schema.Struct({ id: Schema.String, cluster_id: Schema.String, name: Schema.String })
const UserIdRow = Schema.Struct({ user_id: Schema.String })
const MemberRow = Schema.Struct({ user_id: Schema.String, rights: KnownRights })
const HolderGrantsRow = Schema.Struct({
  user_id: Schema.String,
  machine_id: Schema.String,
  grants: KnownGrants,
})

/** Who holds what: the caller's rights and grants, the structure's machines and members. */
export const partiesOf = (sql: SqlClient.SqlClient) => ({
  access: (userId: string): Effect.Effect<CallerAccess> =>
    Effect.all([
      sql`SELECT cluster_id, rights FROM memberships WHERE user_id = ${userId}`.pipe(decodeAll(RightsRow)),
      sql`SELECT machine_id, grants FROM machine_grants WHERE user_id = ${userId}`.pipe(decodeAll(GrantsRow)),
    ]).pipe(
      Effect.map(([ms, gs]) => ({
        rights: new Map(ms.map((m) => [m.cluster_id, m.rights])),
        grants: new Map(gs.map((g) => [g.machine_id, g.grants])),
      })),
    ),
  machine: (id: string) =>
    sql`SELECT id, cluster_id, name FROM machines WHERE id = ${id}`.pipe(
      decodeFirst(MachineRow),
      Effect.map((row) => row && { id: row.id, clusterId: row.cluster_id, name: row.name }),
    ),
  /** Of `ids`, the machines of the structure. */
  machinesIn: (clusterId: string, ids: ReadonlyArray<string>) =>
    ids.length === 0
      ? Effect.succeed([])
      : sql`SELECT id FROM machines WHERE cluster_id = ${clusterId} AND id IN ${sql.in(ids)}`.pipe(
          decodeAll(IdRow),
          Effect.map((rows) => rows.map((r) => r.id)),
        ),
  /** Of `ids`, the members of the structure. */
  membersIn: (clusterId: string, ids: ReadonlyArray<string>) =>
    ids.length === 0
      ? Effect.succeed([])
      : sql`SELECT user_id FROM memberships
          WHERE cluster_id = ${clusterId} AND user_id IN ${sql.in(ids)}`.pipe(
          decodeAll(UserIdRow),
          Effect.map((rows) => rows.map((r) => r.user_id)),
        ),
  /** Members of the structure and holders of grants on `machineIds`, with what they hold. */
  holders: (clusterId: string, machineIds: ReadonlyArray<string>): Effect.Effect<ReadonlyArray<Holder>> =>
    Effect.all([
      sql`SELECT user_id, rights FROM memberships WHERE cluster_id = ${clusterId}`.pipe(decodeAll(MemberRow)),
      machineIds.length === 0
        ? Effect.succeed([])
        : sql`SELECT user_id, machine_id, grants FROM machine_grants WHERE machine_id IN ${sql.in(machineIds)}`.pipe(
            decodeAll(HolderGrantsRow),
          ),
    ]).pipe(
      Effect.map(([ms, gs]) => {
        const byUser = new Map<
          string,
          { member: boolean; rights: ReadonlyArray<Right>; grants: Map<string, ReadonlyArray<Grant>> }
        >()
        for (const m of ms) byUser.set(m.user_id, { member: true, rights: m.rights, grants: new Map() })
        for (const g of gs) {
          const h = byUser.get(g.user_id) ?? { member: false, rights: [], grants: new Map() }
          h.grants.set(g.machine_id, g.grants)
          byUser.set(g.user_id, h)
        }
        return [...byUser].map(([userId, h]) => ({ userId, ...h }))
      }),
    ),
  /** Of `ids`, the people sharing a structure with `userId`. */
  colleagues: (userId: string, ids: ReadonlyArray<string>) =>
    ids.length === 0
      ? Effect.succeed([])
      : sql`SELECT DISTINCT o.user_id FROM memberships o
          JOIN memberships me ON me.cluster_id = o.cluster_id AND me.user_id = ${userId}
          WHERE o.user_id IN ${sql.in(ids)}`.pipe(
          decodeAll(UserIdRow),
          Effect.map((rows) => rows.map((r) => r.user_id)),
        ),
})
