import { SqlClient } from "@effect/sql"
import { SqlError } from "@effect/sql/SqlError"
import { Context, Effect, Layer } from "effect"
import { Forbidden, NotFound } from "../../src/schema/errors"
import { type MachineSummary, UserAccess } from "../../src/schema/machine"
import { byUserName } from "../../src/schema/membership"
import { CurrentUser } from "../../src/schema/middleware"
import type { Grant } from "../../src/schema/rights"
import { Access, type Membership } from "../clusters/access"
import { ClustersRepo, ClustersRepoLive, toUserSummary } from "../clusters/repository"
import { type AccessRow, type MachineRow, MachinesRepo, MachinesRepoLive } from "./repository"

type Refusal = NotFound | Forbidden

const toUserAccess = (r: AccessRow) => new UserAccess({ user: toUserSummary(r), grants: r.grants })

/**
 * Machines (the fleet work adds the rest) and per-machine grants (SPEC §6). A machine is visible
 * to a member of its structure holding seeMachines and to anyone holding a grant on it; a
 * non-member without a grant gets 404, a member without seeMachines nor grant 403. Grants are
 * written only by members managing the machine; the `management` grant itself only by a member
 * holding manageMachine.
 */
export class Machines extends Context.Tag("Machines")<
  Machines,
  {
    readonly list: (
      clusterId: string | undefined,
    ) => Effect.Effect<ReadonlyArray<MachineSummary>, NotFound, CurrentUser>
    readonly usersAccess: (
      machineId: string,
    ) => Effect.Effect<ReadonlyArray<UserAccess>, Refusal, CurrentUser>
    readonly editUserAccess: (
      machineId: string,
      userId: string,
      grants: ReadonlyArray<Grant>,
    ) => Effect.Effect<UserAccess, Refusal, CurrentUser>
  }
>() {}

interface Standing {
  readonly machine: MachineRow
  readonly me: string
  readonly membership: Membership | undefined
  /** Member of the structure holding manageMachine there, or member holding the machine's `management` grant. */
  readonly manages: boolean
  /** Holds manageMachine in the machine's structure: only then may the `management` grant itself change. */
  readonly holdsRight: boolean
}

export const MachinesServiceLive = Layer.effect(
  Machines,
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const repo = yield* MachinesRepo
    const clusters = yield* ClustersRepo
    const access = yield* Access

    /** The caller's standing on a machine it may see; NotFound / Forbidden otherwise. */
    const standing = (machineId: string) =>
      Effect.gen(function* () {
        const { id: me } = yield* CurrentUser
        const machine = yield* repo.byId(machineId)
        if (!machine) return yield* Effect.fail(NotFound.of())
        const membership = yield* access.membership(machine.cluster_id, me)
        const grants = (yield* repo.grantsOf(machine.id, me)) ?? []
        if (grants.length === 0) {
          if (!membership) return yield* Effect.fail(NotFound.of())
          if (!membership.rights.includes("seeMachines")) return yield* Effect.fail(Forbidden.of())
        }
        // Managing takes membership (R4): a member holding manageMachine, or a member holding the
        // `management` grant on this machine. A grant alone, without membership, never manages.
        const holdsRight = membership?.rights.includes("manageMachine") === true
        const manages = membership !== undefined && (holdsRight || grants.includes("management"))
        return { machine, me, membership, manages, holdsRight } satisfies Standing
      })

    /** The people whose grants the caller may see or set: self, delegated users, and members when managing. */
    const reachable = (s: Standing) =>
      Effect.gen(function* () {
        const delegates = yield* repo.delegateIds(s.me)
        const members = s.manages ? yield* repo.memberIds(s.machine.cluster_id) : []
        return [...new Set([s.me, ...delegates, ...members])]
      })

    const inTransaction = <A, E, R>(body: Effect.Effect<A, E, R>) =>
      sql.withTransaction(body).pipe(
        Effect.catchIf(
          (e): e is SqlError => e instanceof SqlError,
          (e) => Effect.die(e),
        ),
      )

    return {
      list: (clusterId) =>
        Effect.gen(function* () {
          if (clusterId !== undefined) yield* access.member(clusterId)
          const { id } = yield* CurrentUser
          return yield* repo.visibleTo(id, clusterId)
        }),
      usersAccess: (machineId) =>
        Effect.gen(function* () {
          const s = yield* standing(machineId)
          const rows = yield* repo.accessOf(s.machine.id, yield* reachable(s))
          return [...rows].sort(byUserName).map(toUserAccess)
        }),
      editUserAccess: (machineId, userId, grants) =>
        inTransaction(
          Effect.gen(function* () {
            const machine = yield* repo.byId(machineId)
            // Serialised with membership changes of the structure (a removed member loses their grants).
            if (machine) yield* clusters.lock(machine.cluster_id)
            const s = yield* standing(machineId)
            if (!s.manages) return yield* Effect.fail(Forbidden.of())
            if (!(yield* reachable(s)).includes(userId))
              return yield* Effect.fail(Forbidden.of("associationNotAllowed"))
            const before = (yield* repo.grantsOf(s.machine.id, userId)) ?? []
            if (!s.holdsRight && before.includes("management") !== grants.includes("management"))
              return yield* Effect.fail(Forbidden.of("modificationNotAllowed"))
            yield* repo.setGrants(s.machine.id, userId, grants)
            const [row] = yield* repo.accessOf(s.machine.id, [userId])
            return row ? toUserAccess(row) : yield* Effect.dieMessage("user vanished")
          }),
        ),
    }
  }),
).pipe(Layer.provide(Layer.mergeAll(MachinesRepoLive, ClustersRepoLive)))
