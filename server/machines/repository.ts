import { SqlClient } from "@effect/sql"
import { Context, Effect, Layer } from "effect"
import { ClusterId, MachineId } from "../../src/schema/ids"
import { MachineSummary } from "../../src/schema/machine"
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

export interface AccessRow extends UserSummaryRow {
  readonly grants: ReadonlyArray<Grant>
}

/** SQL of machines and per-machine grants. SQL faults are defects (500). */
export class MachinesRepo extends Context.Tag("MachinesRepo")<
  MachinesRepo,
  {
    readonly byId: (id: string) => Effect.Effect<MachineRow | undefined>
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
