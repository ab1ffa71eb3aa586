import { SqlClient } from "@effect/sql"
import { SqlError } from "@effect/sql/SqlError"
import { Effect } from "effect"
import type { ClusterEdit, ClusterInput } from "../../src/schema/cluster"
import { NotFound } from "../../src/schema/errors"
import type { MemberEdit } from "../../src/schema/membership"
import { CurrentUser } from "../../src/schema/middleware"
import { rights as allRights, initialDefaultRights, type Right } from "../../src/schema/rights"
import { retriedTransaction } from "../db/retry"
import { Access } from "./access"
import { ClustersRepo } from "./repository"
import { changed, losesNoRight, onlyOwnRights } from "./rules"

/**
 * Structures and their members, with SPEC §6's rules. Every change of several rows runs in one
 * transaction that first locks the structure row, so concurrent edits of its members are
 * serialised and the "no right is lost" check sees the final state.
 */
export class Clusters extends Effect.Service<Clusters>()("Clusters", {
  effect: Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const repo = yield* ClustersRepo
    const access = yield* Access
    const me = Effect.map(CurrentUser, (u) => u.id)

    const view = (id: string) =>
      Effect.flatMap(me, (userId) => repo.get(id, userId)).pipe(
        Effect.flatMap((c) => (c ? Effect.succeed(c) : Effect.fail(NotFound.of()))),
      )
    // The transaction adds SqlError; the body's SQL already dies on faults, so only the BEGIN/COMMIT can raise it.
    const inTransaction = <A, E, R>(body: Effect.Effect<A, E, R>) =>
      retriedTransaction(sql)(body).pipe(
        Effect.catchIf(
          (e): e is SqlError => e instanceof SqlError,
          (e) => Effect.die(e),
        ),
      )
    /** In one transaction: lock the structure row, then run `body` (which reads the caller's rights as they stand now). */
    const withLock = <A, E, R>(id: string, body: Effect.Effect<A, E, R>) =>
      inTransaction(Effect.zipRight(repo.lock(id), body))

    return {
      list: Effect.flatMap(me, repo.listFor).pipe(Effect.withSpan("Clusters.list")),
      create: Effect.fn("Clusters.create")(function* (input: ClusterInput) {
        const userId = yield* me
        const id = yield* inTransaction(
          Effect.tap(repo.insert(input, initialDefaultRights), (id) =>
            repo.addMember(id, userId, "member", allRights),
          ),
        )
        return yield* Effect.orDie(view(id))
      }),
      get: (id: string) => view(id).pipe(Effect.withSpan("Clusters.get")),
      edit: Effect.fn("Clusters.edit")(function* (id: string, edit: ClusterEdit) {
        return yield* withLock(
          id,
          Effect.gen(function* () {
            yield* access.require(id, "editCluster")
            yield* repo.update(id, edit)
            return yield* Effect.orDie(view(id))
          }),
        )
      }),
      remove: Effect.fn("Clusters.remove")(function* (id: string) {
        yield* withLock(id, Effect.zipRight(access.require(id, "deleteCluster"), repo.delete(id)))
      }),
      editDefaultRights: Effect.fn("Clusters.editDefaultRights")(function* (
        id: string,
        rights: ReadonlyArray<Right>,
        applyToMembers: boolean,
      ) {
        return yield* withLock(
          id,
          Effect.gen(function* () {
            const caller = yield* access.require(id, "editCluster")
            const self = yield* me
            const current = yield* Effect.orDie(view(id))
            // No escalation: the defaults (every newcomer's rights) change only by rights the caller holds.
            yield* onlyOwnRights(caller, changed(current.defaultRights, rights))
            // Applied, every other member gets exactly the new set (the caller's own rights stay as they
            // are): each member's differences must be rights the caller holds too.
            const before = yield* repo.memberships(id)
            if (applyToMembers)
              for (const m of before)
                if (m.user_id !== self) yield* onlyOwnRights(caller, changed(m.rights, rights))
            yield* repo.setDefaultRights(id, rights)
            if (applyToMembers) {
              yield* repo.setAllMembersRights(id, rights, self)
              yield* losesNoRight(before, yield* repo.memberships(id))
            }
            return yield* Effect.orDie(view(id))
          }),
        )
      }),
      members: (id: string) =>
        Effect.zipRight(access.member(id), repo.members(id)).pipe(Effect.withSpan("Clusters.members")),
      editMember: Effect.fn("Clusters.editMember")(function* (id: string, userId: string, edit: MemberEdit) {
        return yield* withLock(
          id,
          Effect.gen(function* () {
            const caller = yield* access.require(id, "editCluster")
            const target = yield* access.membership(id, userId)
            if (!target) return yield* Effect.fail(NotFound.of())
            if (edit.rights) yield* onlyOwnRights(caller, changed(target.rights, edit.rights))
            const before = yield* repo.memberships(id)
            yield* repo.updateMember(id, userId, edit.role, edit.rights)
            yield* losesNoRight(before, yield* repo.memberships(id))
            const member = yield* repo.member(id, userId)
            return member ?? (yield* Effect.dieMessage("member vanished"))
          }),
        )
      }),
      removeMember: Effect.fn("Clusters.removeMember")(function* (id: string, userId: string) {
        yield* withLock(
          id,
          Effect.gen(function* () {
            const self = yield* me
            if (self === userId) yield* access.member(id)
            else yield* access.require(id, "removeMember")
            if (!(yield* access.membership(id, userId))) return yield* Effect.fail(NotFound.of())
            const before = yield* repo.memberships(id)
            yield* repo.deleteMember(id, userId)
            yield* losesNoRight(before, yield* repo.memberships(id))
          }),
        )
      }),
      directory: (q: string) =>
        Effect.flatMap(me, (userId) => repo.directory(q, userId)).pipe(Effect.withSpan("Clusters.directory")),
    }
  }),
  dependencies: [ClustersRepo.Default, Access.Default],
}) {}
