import { SqlClient } from "@effect/sql"
import { SqlError } from "@effect/sql/SqlError"
import { Effect } from "effect"
import { Forbidden, NotFound } from "../../src/schema/errors"
import { type MachineEdit, type MachineInput, UserAccess } from "../../src/schema/machine"
import { byUserName } from "../../src/schema/membership"
import { CurrentUser } from "../../src/schema/middleware"
import type { Grant } from "../../src/schema/rights"
import { queueMachine } from "../activities/dirty"
import { Access } from "../clusters/access"
import { ClustersRepo } from "../clusters/repository"
import { Config } from "../config"
import { retriedTransaction } from "../db/retry"
import { blank, merge, validateOf } from "./edits"
import { MachinesRepo } from "./repository"
import { reachableOf, standingOf } from "./standing"

const toUserAccess = (r: { user: UserAccess["user"]; grants: ReadonlyArray<Grant> }) =>
  new UserAccess({ user: r.user, grants: r.grants })

/**
 * Machines (the fleet work adds the rest) and per-machine grants (SPEC §6). A machine is visible
 * to a member of its structure holding seeMachines and to anyone holding a grant on it; a
 * non-member without a grant gets 404, a member without seeMachines nor grant 403. Grants are
 * written only by members managing the machine; the `management` grant itself only by a member
 * holding manageMachine.
 */
export class Machines extends Effect.Service<Machines>()("Machines", {
  effect: Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const { activitiesRecomputeDays } = yield* Config
    const repo = yield* MachinesRepo
    const clusters = yield* ClustersRepo
    const access = yield* Access
    const standing = standingOf(repo, access)
    const reachable = reachableOf(repo)
    const validate = validateOf(repo, access)

    const inTransaction = <A, E, R>(body: Effect.Effect<A, E, R>) =>
      retriedTransaction(sql)(body).pipe(
        Effect.catchIf(
          (e): e is SqlError => e instanceof SqlError,
          (e) => Effect.die(e),
        ),
      )
    const details = (machineId: string) =>
      Effect.flatMap(repo.details(machineId), (m) =>
        m ? Effect.succeed(m) : Effect.dieMessage("machine vanished"),
      )

    return {
      create: Effect.fn("Machines.create")(function* ({ cluster, ...fields }: MachineInput) {
        return yield* inTransaction(
          Effect.gen(function* () {
            yield* access.require(cluster, "createMachine")
            const columns = merge(blank, fields)
            yield* validate(cluster, columns)
            return yield* details(yield* repo.insert(cluster, columns))
          }),
        )
      }),
      get: (machineId: string) =>
        Effect.flatMap(standing(machineId), (s) => details(s.machine.id)).pipe(
          Effect.withSpan("Machines.get"),
        ),
      edit: Effect.fn("Machines.edit")(function* (machineId: string, edit: MachineEdit) {
        return yield* inTransaction(
          Effect.gen(function* () {
            const s = yield* standing(machineId)
            const mayEdit = s.membership?.rights.includes("editMachine") === true || s.grants.includes("edit")
            if (!mayEdit) return yield* Effect.fail(Forbidden.of())
            // The advanced parameters are the managers' (manageMachine, or a member's management grant).
            const advanced = edit.settings !== undefined || edit.consumption !== undefined
            if (advanced && !s.manages) return yield* Effect.fail(Forbidden.of())
            const before = yield* repo.columns(s.machine.id)
            if (!before) return yield* Effect.fail(NotFound.of())
            const columns = merge(before, edit)
            yield* validate(s.machine.cluster_id, columns)
            yield* repo.update(s.machine.id, columns)
            // What the engine reads of the machine: its recent days are recomputed.
            const engineReads = [
              "settings",
              "toolWidthMeters",
              "maxWorkingSpeedKmh",
              "canPresent",
              "consumption",
            ]
            if (engineReads.some((key) => key in edit))
              yield* queueMachine(s.machine.id, activitiesRecomputeDays).pipe(
                Effect.provideService(SqlClient.SqlClient, sql),
              )
            return yield* details(s.machine.id)
          }),
        )
      }),
      remove: Effect.fn("Machines.remove")(function* (machineId: string) {
        // The cascade deletes rows other writers may hold (booked resources, grants, associations).
        yield* inTransaction(
          Effect.gen(function* () {
            const s = yield* standing(machineId)
            if (s.membership?.rights.includes("deleteMachine") !== true)
              return yield* Effect.fail(Forbidden.of())
            yield* repo.remove(s.machine.id)
          }),
        )
      }),
      /** What the sticker's link shows before sign-in: id, name, structure name, the box on it now. */
      publicView: Effect.fn("Machines.publicView")(function* (machineId: string) {
        const m = yield* repo.details(machineId)
        if (!m) return yield* Effect.fail(NotFound.of())
        // The box on it now: the one the pickoff page would remove.
        return { id: m.id, name: m.name, clusterName: m.cluster.name, counter: m.currentCounter }
      }),
      list: Effect.fn("Machines.list")(function* (clusterId: string | undefined) {
        if (clusterId !== undefined) yield* access.member(clusterId)
        const { id } = yield* CurrentUser
        return yield* repo.visibleTo(id, clusterId)
      }),
      usersAccess: Effect.fn("Machines.usersAccess")(function* (machineId: string) {
        const s = yield* standing(machineId)
        const rows = yield* repo.accessOf(s.machine.id, yield* reachable(s))
        return [...rows].sort((a, b) => byUserName(a.user, b.user)).map(toUserAccess)
      }),
      editUserAccess: Effect.fn("Machines.editUserAccess")(function* (
        machineId: string,
        userId: string,
        grants: ReadonlyArray<Grant>,
      ) {
        return yield* inTransaction(
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
        )
      }),
    }
  }),
  dependencies: [MachinesRepo.Default, ClustersRepo.Default, Access.Default],
}) {}
