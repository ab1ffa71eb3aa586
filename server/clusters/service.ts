import { SqlClient } from "@effect/sql"
import { SqlError } from "@effect/sql/SqlError"
import { Context, Effect, Layer } from "effect"
import type { Cluster, ClusterDirectoryEntry, ClusterEdit, ClusterInput } from "../../src/schema/cluster"
import { Forbidden, NotFound } from "../../src/schema/errors"
import type { Member, MemberEdit } from "../../src/schema/membership"
import { CurrentUser } from "../../src/schema/middleware"
import { rights as allRights, initialDefaultRights, type Right } from "../../src/schema/rights"
import { retriedTransaction } from "../db/retry"
import { Access } from "./access"
import { ClustersRepo, ClustersRepoLive, type MembershipRow } from "./repository"

type Refusal = NotFound | Forbidden

const notAllowed = () => Forbidden.of("modificationNotAllowed")

/** Every right someone in `rows` holds. */
const heldRights = (rows: ReadonlyArray<{ readonly rights: ReadonlyArray<Right> }>) =>
  new Set(rows.flatMap((r) => r.rights))

/**
 * No right is ever lost (SPEC §6, R2): every right some member held before the change must still be
 * held by a member after it. A fresh structure's creator holds all 19, so this keeps all 19 held.
 */
const losesNoRight = (before: ReadonlyArray<MembershipRow>, after: ReadonlyArray<MembershipRow>) => {
  const still = heldRights(after)
  return [...heldRights(before)].every((r) => still.has(r)) ? Effect.void : Effect.fail(notAllowed())
}

/** The rights that differ between two sets (added or removed). */
const changed = (from: ReadonlyArray<Right>, to: ReadonlyArray<Right>): ReadonlyArray<Right> => [
  ...to.filter((r) => !from.includes(r)),
  ...from.filter((r) => !to.includes(r)),
]

/** No escalation, both ways (R1): the caller may only add or remove rights it holds itself. */
const onlyOwnRights = (caller: { readonly rights: ReadonlyArray<Right> }, touched: ReadonlyArray<Right>) =>
  touched.every((r) => caller.rights.includes(r)) ? Effect.void : Effect.fail(notAllowed())

/**
 * Structures and their members, with SPEC §6's rules. Every change of several rows runs in one
 * transaction that first locks the structure row, so concurrent edits of its members are
 * serialised and the "no right is lost" check sees the final state.
 */
export class Clusters extends Context.Tag("Clusters")<
  Clusters,
  {
    readonly list: Effect.Effect<ReadonlyArray<Cluster>, never, CurrentUser>
    readonly create: (input: ClusterInput) => Effect.Effect<Cluster, never, CurrentUser>
    readonly get: (id: string) => Effect.Effect<Cluster, NotFound, CurrentUser>
    readonly edit: (id: string, edit: ClusterEdit) => Effect.Effect<Cluster, Refusal, CurrentUser>
    readonly remove: (id: string) => Effect.Effect<void, Refusal, CurrentUser>
    readonly editDefaultRights: (
      id: string,
      rights: ReadonlyArray<Right>,
      applyToMembers: boolean,
    ) => Effect.Effect<Cluster, Refusal, CurrentUser>
    readonly members: (id: string) => Effect.Effect<ReadonlyArray<Member>, NotFound, CurrentUser>
    readonly editMember: (
      id: string,
      userId: string,
      edit: MemberEdit,
    ) => Effect.Effect<Member, Refusal, CurrentUser>
    readonly removeMember: (id: string, userId: string) => Effect.Effect<void, Refusal, CurrentUser>
    readonly directory: (q: string) => Effect.Effect<ReadonlyArray<ClusterDirectoryEntry>, never, CurrentUser>
  }
>() {}

export const ClustersServiceLive = Layer.effect(
  Clusters,
  Effect.gen(function* () {
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
      list: Effect.flatMap(me, repo.listFor),
      create: (input) =>
        Effect.gen(function* () {
          const userId = yield* me
          const id = yield* inTransaction(
            Effect.tap(repo.insert(input, initialDefaultRights), (id) =>
              repo.addMember(id, userId, "member", allRights),
            ),
          )
          return yield* Effect.orDie(view(id))
        }),
      get: view,
      edit: (id, edit) =>
        withLock(
          id,
          Effect.gen(function* () {
            yield* access.require(id, "editCluster")
            yield* repo.update(id, edit)
            return yield* Effect.orDie(view(id))
          }),
        ),
      remove: (id) =>
        withLock(
          id,
          Effect.gen(function* () {
            yield* access.require(id, "deleteCluster")
            yield* repo.delete(id)
          }),
        ),
      editDefaultRights: (id, rights, applyToMembers) =>
        withLock(
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
        ),
      members: (id) => Effect.zipRight(access.member(id), repo.members(id)),
      editMember: (id, userId, edit) =>
        withLock(
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
        ),
      removeMember: (id, userId) =>
        withLock(
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
        ),
      directory: (q) => Effect.flatMap(me, (userId) => repo.directory(q, userId)),
    }
  }),
).pipe(Layer.provide(ClustersRepoLive))
