import type { SqlClient } from "@effect/sql"
import { Effect } from "effect"
import { grants as allGrants, rights as allRights, type Grant, type Right } from "../../src/schema/rights"
import type { BookingsRepo } from "./repository"

const knownRights = (list: ReadonlyArray<string>) => allRights.filter((r) => list.includes(r))
const knownGrants = (list: ReadonlyArray<string>) => allGrants.filter((g) => list.includes(g))

type Repo = (typeof BookingsRepo)["Service"]

/** Who holds what: the caller's rights and grants, the structure's machines and members. */
export const partiesOf = (
  sql: SqlClient.SqlClient,
): Pick<Repo, "access" | "machine" | "machinesIn" | "membersIn" | "holders" | "colleagues"> => ({
  access: (userId) =>
    Effect.all([
      sql<{ cluster_id: string; rights: ReadonlyArray<string> }>`
        SELECT cluster_id, rights FROM memberships WHERE user_id = ${userId}`,
      sql<{ machine_id: string; grants: ReadonlyArray<string> }>`
        SELECT machine_id, grants FROM machine_grants WHERE user_id = ${userId}`,
    ]).pipe(
      Effect.map(([ms, gs]) => ({
        rights: new Map(ms.map((m) => [m.cluster_id, knownRights(m.rights)])),
        grants: new Map(gs.map((g) => [g.machine_id, knownGrants(g.grants)])),
      })),
      Effect.orDie,
    ),
  machine: (id) =>
    sql<{ id: string; cluster_id: string; name: string }>`
      SELECT id, cluster_id, name FROM machines WHERE id = ${id}`.pipe(
      Effect.map((rows) =>
        rows[0] ? { id: rows[0].id, clusterId: rows[0].cluster_id, name: rows[0].name } : undefined,
      ),
      Effect.orDie,
    ),
  machinesIn: (clusterId, ids) =>
    ids.length === 0
      ? Effect.succeed([])
      : sql<{
          id: string
        }>`SELECT id FROM machines WHERE cluster_id = ${clusterId} AND id IN ${sql.in(ids)}`.pipe(
          Effect.map((rows) => rows.map((r) => r.id)),
          Effect.orDie,
        ),
  membersIn: (clusterId, ids) =>
    ids.length === 0
      ? Effect.succeed([])
      : sql<{ user_id: string }>`SELECT user_id FROM memberships
          WHERE cluster_id = ${clusterId} AND user_id IN ${sql.in(ids)}`.pipe(
          Effect.map((rows) => rows.map((r) => r.user_id)),
          Effect.orDie,
        ),
  holders: (clusterId, machineIds) =>
    Effect.all([
      sql<{ user_id: string; rights: ReadonlyArray<string> }>`
        SELECT user_id, rights FROM memberships WHERE cluster_id = ${clusterId}`,
      machineIds.length === 0
        ? Effect.succeed([])
        : sql<{ user_id: string; machine_id: string; grants: ReadonlyArray<string> }>`
            SELECT user_id, machine_id, grants FROM machine_grants WHERE machine_id IN ${sql.in(machineIds)}`,
    ]).pipe(
      Effect.map(([ms, gs]) => {
        const byUser = new Map<
          string,
          { member: boolean; rights: ReadonlyArray<Right>; grants: Map<string, ReadonlyArray<Grant>> }
        >()
        for (const m of ms)
          byUser.set(m.user_id, { member: true, rights: knownRights(m.rights), grants: new Map() })
        for (const g of gs) {
          const h = byUser.get(g.user_id) ?? { member: false, rights: [], grants: new Map() }
          h.grants.set(g.machine_id, knownGrants(g.grants))
          byUser.set(g.user_id, h)
        }
        return [...byUser].map(([userId, h]) => ({ userId, ...h }))
      }),
      Effect.orDie,
    ),
  colleagues: (userId, ids) =>
    ids.length === 0
      ? Effect.succeed([])
      : sql<{ user_id: string }>`SELECT DISTINCT o.user_id FROM memberships o
          JOIN memberships me ON me.cluster_id = o.cluster_id AND me.user_id = ${userId}
          WHERE o.user_id IN ${sql.in(ids)}`.pipe(
          Effect.map((rows) => rows.map((r) => r.user_id)),
          Effect.orDie,
        ),
})
