import { SqlClient } from "@effect/sql"
import { SqlError } from "@effect/sql/SqlError"
import { Context, Effect, Layer } from "effect"
import type { Cluster, ClusterDirectoryEntry, ClusterEdit, ClusterInput } from "../../src/schema/cluster"
import { Forbidden, NotFound } from "../../src/schema/errors"
import type { Member, MemberEdit } from "../../src/schema/membership"
import { CurrentUser } from "../../src/schema/middleware"
import { rights as allRights, initialDefaultRights, type Right } from "../../src/schema/rights"
import { Access } from "./access"
import { ClustersRepo, ClustersRepoLive, type MembershipRow } from "./repository"

type Refusal = NotFound | Forbidden

const notAllowed = () => Forbidden.of("modificationNotAllowed")

/** Refuses a change that would leave the structure with nobody able to edit it (SPEC §6). */
const keepsAnEditor = (rows: ReadonlyArray<MembershipRow>) =>
  rows.some((r) => r.rights.includes("editCluster")) ? Effect.void : Effect.fail(notAllowed())

/**
 * Structures and their members, with SPEC §6's rules. Every change of several rows runs in one
 * transaction that first locks the structure row, so concurrent edits of its members are
 * serialised and the last-editor check sees the final state.
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
    // `withTransaction` adds SqlError; the body's SQL already dies on faults, so only the BEGIN/COMMIT can raise it.
    const inTransaction = <A, E, R>(body: Effect.Effect<A, E, R>) =>
      sql.withTransaction(body).pipe(
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
            // No escalation (as for one member): a right the caller lacks may stay where it is, not be
            // added to the defaults (every newcomer would get it) nor, when applied, to any member.
            const current = yield* Effect.orDie(view(id))
            const members = applyToMembers ? yield* repo.memberships(id) : []
            const added = rights.filter(
              (r) => !current.defaultRights.includes(r) || members.some((m) => !m.rights.includes(r)),
            )
            if (added.some((r) => !caller.rights.includes(r))) return yield* Effect.fail(notAllowed())
            yield* repo.setDefaultRights(id, rights)
            if (applyToMembers) {
              yield* repo.setAllMembersRights(id, rights)
              yield* keepsAnEditor(yield* repo.memberships(id))
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
            if (edit.rights) {
              const added = edit.rights.filter((r) => !target.rights.includes(r))
              if (added.some((r) => !caller.rights.includes(r))) return yield* Effect.fail(notAllowed())
            }
            yield* repo.updateMember(id, userId, edit.role, edit.rights)
            yield* keepsAnEditor(yield* repo.memberships(id))
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
            yield* repo.deleteMember(id, userId)
            yield* keepsAnEditor(yield* repo.memberships(id))
          }),
        ),
      directory: (q) => Effect.flatMap(me, (userId) => repo.directory(q, userId)),
    }
  }),
).pipe(Layer.provide(ClustersRepoLive))
