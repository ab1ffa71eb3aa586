import { SqlClient, type Statement } from "@effect/sql"
import { Context, DateTime, Effect, Layer } from "effect"
import {
  AdminUser,
  type BleTag,
  type BleTagType,
  type Counter,
  type CounterAssociation,
} from "../../src/schema/counter"
import { Conflict, Forbidden, NotFound } from "../../src/schema/errors"
import { byUserName } from "../../src/schema/membership"
import { CurrentUser } from "../../src/schema/middleware"
import { selectTags } from "../bletags/repository"
import { toUserSummary, type UserSummaryRow } from "../clusters/repository"
import { Config } from "../config"
import { type CounterRow, counterSelect, selectAssociations, toCounter } from "../counters/repository"
import { retriedTransaction } from "../db/retry"

/**
 * Platform administrators (SPEC §2 /admin): users.is_admin, or an e-mail listed in ADMIN_EMAILS
 * whose owner proved it (email_verified_at: a login code used, a password reset done, an account
 * finalised through its link) — such an account is promoted (and the flag persisted) at start and
 * whenever it is checked. Signing up with a listed address proves nothing and promotes no one.
 */
export class Admins extends Context.Tag("Admins")<
  Admins,
  {
    /** The caller when a platform administrator; Forbidden otherwise. */
    readonly require: Effect.Effect<void, Forbidden, CurrentUser>
    /** Persists is_admin for every account whose e-mail ADMIN_EMAILS lists and whose owner proved it. */
    readonly promoteListed: Effect.Effect<void>
  }
>() {}

export const AdminsLive = Layer.effect(
  Admins,
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const { adminEmails } = yield* Config
    const listed = adminEmails.map((e) => e.toLowerCase())
    const promoteListed =
      listed.length === 0
        ? Effect.void
        : sql`UPDATE users SET is_admin = true
            WHERE lower(email) IN ${sql.in(listed)} AND email_verified_at IS NOT NULL AND NOT is_admin`.pipe(
            Effect.asVoid,
            Effect.orDie,
          )
    return {
      promoteListed,
      require: Effect.gen(function* () {
        const { id } = yield* CurrentUser
        const [me] = yield* sql<{
          is_admin: boolean
          email: string
          verified: boolean
        }>`SELECT is_admin, email,
            email_verified_at IS NOT NULL AS verified FROM users WHERE id = ${id}`.pipe(Effect.orDie)
        if (!me) return yield* Effect.fail(Forbidden.of())
        if (me.is_admin) return
        if (!me.verified || !listed.includes(me.email.toLowerCase()))
          return yield* Effect.fail(Forbidden.of())
        yield* sql`UPDATE users SET is_admin = true WHERE id = ${id}`.pipe(Effect.orDie)
      }),
    }
  }),
)

/** At start: every existing account named by ADMIN_EMAILS becomes an administrator. */
export const PromoteListedAdminsLive = Layer.effectDiscard(Effect.flatMap(Admins, (a) => a.promoteListed))

interface AdminUserRow extends UserSummaryRow {
  readonly is_admin: boolean
  readonly status: "unconfigured" | "finalised"
  readonly clusters: number
  readonly created_at: Date | string
}

const toAdminUser = (r: AdminUserRow) =>
  new AdminUser({
    user: toUserSummary(r),
    admin: r.is_admin,
    status: r.status,
    clusters: Number(r.clusters),
    createdAt: DateTime.unsafeMake(new Date(r.created_at)),
  })

type Refusal = Forbidden | NotFound | Conflict

/** The admin area's calls; each begins with `Admins.require`. */
export class AdminArea extends Context.Tag("AdminArea")<
  AdminArea,
  {
    readonly users: Effect.Effect<ReadonlyArray<AdminUser>, Forbidden, CurrentUser>
    readonly setAdmin: (userId: string, admin: boolean) => Effect.Effect<AdminUser, Refusal, CurrentUser>
    readonly counters: Effect.Effect<ReadonlyArray<Counter>, Forbidden, CurrentUser>
    readonly registerCounter: (id: string) => Effect.Effect<Counter, Refusal, CurrentUser>
    readonly attributeCounter: (
      id: string,
      cluster: string | null,
    ) => Effect.Effect<Counter, Refusal, CurrentUser>
    /** counterdata: any box's associations, newest first; an unknown box is NotFound. */
    readonly counterAssociations: (
      id: string,
    ) => Effect.Effect<ReadonlyArray<CounterAssociation>, Refusal, CurrentUser>
    readonly bleTags: Effect.Effect<ReadonlyArray<BleTag>, Forbidden, CurrentUser>
    readonly registerTag: (
      id: string,
      type: typeof BleTagType.Type,
    ) => Effect.Effect<BleTag, Refusal, CurrentUser>
    readonly attributeTag: (id: string, cluster: string | null) => Effect.Effect<BleTag, Refusal, CurrentUser>
  }
>() {}

export const AdminAreaLive = Layer.effect(
  AdminArea,
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const admins = yield* Admins
    const listed = (yield* Config).adminEmails.map((e) => e.toLowerCase())
    const provideSql = Effect.provideService(SqlClient.SqlClient, sql)
    const transaction = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
      retriedTransaction(sql)(effect).pipe(Effect.catchTag("SqlError", Effect.die))

    const usersWhere = (where: Statement.Fragment) =>
      sql<AdminUserRow>`SELECT u.id, u.email, u.firstname, u.lastname, u.name, u.is_admin, u.status, u.created_at,
          (SELECT count(*)::int FROM memberships ms WHERE ms.user_id = u.id) AS clusters
        FROM users u WHERE ${where}`.pipe(
        Effect.map((rows) => [...rows].sort(byUserName).map(toAdminUser)),
        Effect.orDie,
      )
    const counter = (id: string) =>
      sql<CounterRow>`${counterSelect(sql)} WHERE c.id = ${id}`.pipe(
        Effect.map((rows) => (rows[0] ? toCounter(rows[0]) : undefined)),
        Effect.orDie,
      )
    const tag = (id: string) =>
      selectTags((s) => s`t.id = ${id}`).pipe(
        provideSql,
        Effect.map((rows) => rows[0]),
      )
    const clusterExists = (id: string) =>
      sql`SELECT 1 FROM clusters WHERE id = ${id}`.pipe(
        Effect.map((rows) => rows.length > 0),
        Effect.orDie,
      )
    const found = <A>(a: A | undefined) => (a === undefined ? Effect.fail(NotFound.of()) : Effect.succeed(a))

    return {
      users: admins.require.pipe(
        Effect.zipRight(admins.promoteListed),
        Effect.zipRight(usersWhere(sql`true`)),
      ),
      setAdmin: (userId, admin) =>
        admins.require.pipe(
          Effect.zipRight(
            transaction(
              Effect.gen(function* () {
                // Every administrator row locked: two administrators removing each other at once serialise.
                const current = yield* sql<{ id: string; email: string }>`SELECT id, email FROM users
                  WHERE is_admin ORDER BY id FOR UPDATE`
                const [target] = yield* sql<{
                  id: string
                  email: string
                  verified: boolean
                }>`SELECT id, email,
                    email_verified_at IS NOT NULL AS verified FROM users WHERE id = ${userId}`
                if (!target) return yield* Effect.fail(NotFound.of())
                if (!admin) {
                  // ADMIN_EMAILS names them and they proved the address: the flag would come back at the next check.
                  if (target.verified && listed.includes(target.email.toLowerCase()))
                    return yield* Effect.fail(Forbidden.of("modificationNotAllowed"))
                  if (current.every((u) => u.id === target.id))
                    return yield* Effect.fail(Forbidden.of("modificationNotAllowed"))
                }
                yield* sql`UPDATE users SET is_admin = ${admin} WHERE id = ${target.id}`
                return yield* found((yield* usersWhere(sql`u.id = ${target.id}`))[0])
              }),
            ),
          ),
        ),
      counters: admins.require.pipe(
        Effect.zipRight(
          sql<CounterRow>`${counterSelect(sql)} ORDER BY c.id`.pipe(
            Effect.map((rows) => rows.map(toCounter)),
            Effect.orDie,
          ),
        ),
      ),
      registerCounter: (id) =>
        Effect.gen(function* () {
          yield* admins.require
          const inserted = yield* sql`INSERT INTO counters (id) VALUES (${id}) ON CONFLICT (id) DO NOTHING
            RETURNING id`.pipe(Effect.orDie)
          if (inserted.length === 0) return yield* Effect.fail(Conflict.of("counterExists"))
          return yield* found(yield* counter(id))
        }),
      attributeCounter: (id, cluster) =>
        Effect.gen(function* () {
          yield* admins.require
          return yield* transaction(
            Effect.gen(function* () {
              const [row] = yield* sql<{ cluster_id: string | null }>`SELECT cluster_id FROM counters
                WHERE id = ${id} FOR UPDATE`
              if (!row) return yield* Effect.fail(NotFound.of())
              if (cluster !== null && !(yield* clusterExists(cluster)))
                return yield* Effect.fail(NotFound.of())
              if (row.cluster_id !== cluster) {
                // Its data belongs to the structure it works for: a current or coming association pins the box.
                const [pinned] = yield* sql`SELECT 1 FROM counter_associations WHERE counter_id = ${id}
                  AND coalesce(end_date, '2150-01-01T00:00:00Z'::timestamptz) > now() LIMIT 1`
                if (pinned) return yield* Effect.fail(Forbidden.of("modificationNotAllowed"))
                yield* sql`UPDATE counters SET cluster_id = ${cluster} WHERE id = ${id}`
              }
              return yield* found(yield* counter(id))
            }),
          )
        }),
      counterAssociations: (id) =>
        Effect.gen(function* () {
          yield* admins.require
          const box = yield* found(yield* counter(id))
          return yield* selectAssociations(sql`a.counter_id = ${box.id}`).pipe(provideSql)
        }),
      bleTags: admins.require.pipe(Effect.zipRight(selectTags((s) => s`true`).pipe(provideSql))),
      registerTag: (id, type) =>
        Effect.gen(function* () {
          yield* admins.require
          const inserted = yield* sql`INSERT INTO ble_tags (id, type) VALUES (${id}, ${type})
            ON CONFLICT (id) DO NOTHING RETURNING id`.pipe(Effect.orDie)
          if (inserted.length === 0) return yield* Effect.fail(Conflict.of("tagExists"))
          return yield* found(yield* tag(id))
        }),
      attributeTag: (id, cluster) =>
        Effect.gen(function* () {
          yield* admins.require
          const before = yield* found(yield* tag(id))
          if (cluster !== null && !(yield* clusterExists(cluster))) return yield* Effect.fail(NotFound.of())
          if ((before.cluster?.id ?? null) !== cluster)
            // Another structure: its machine or person stays behind.
            yield* sql`UPDATE ble_tags SET cluster_id = ${cluster}, machine_id = NULL, user_id = NULL
              WHERE id = ${id}`.pipe(Effect.orDie)
          return yield* found(yield* tag(id))
        }),
    }
  }),
)
