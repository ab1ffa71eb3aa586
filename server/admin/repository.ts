import { SqlClient, type Statement } from "@effect/sql"
import { Effect, Schema } from "effect"
import { AdminUser, type BleTagType, type CounterKind } from "../../src/schema/counter"
import { AccountStatus, byUserName } from "../../src/schema/membership"
import { toUserSummary, UserSummaryColumns } from "../auth/userRows"
import { changeHolding } from "../bletags/holdings"
import { UtcColumn } from "../db/columns"
import { decodeAll, decodeFirst, first } from "../db/decode"

const AdminUserRow = Schema.Struct({
  ...UserSummaryColumns,
  is_admin: Schema.Boolean,
  status: AccountStatus,
  clusters: Schema.Number,
  created_at: UtcColumn,
})

const toAdminUser = (r: typeof AdminUserRow.Type) =>
  new AdminUser({
    user: toUserSummary(r),
    admin: r.is_admin,
    status: r.status,
    clusters: r.clusters,
    createdAt: r.created_at,
  })

const Account = Schema.Struct({ id: Schema.String, email: Schema.String })
const Target = Schema.Struct({ id: Schema.String, email: Schema.String, verified: Schema.Boolean })
const BoxCluster = Schema.Struct({ cluster_id: Schema.NullOr(Schema.String) })
const Issued = Schema.Struct({ issued_at: UtcColumn })

/** SQL of the admin area: accounts, and registering and moving boxes and tags. SQL faults are defects. */
export class AdminRepo extends Effect.Service<AdminRepo>()("AdminRepo", {
  effect: Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const run = (statement: Effect.Effect<unknown, unknown>) => statement.pipe(Effect.asVoid, Effect.orDie)
    const exists = (statement: Effect.Effect<ReadonlyArray<unknown>, unknown>) =>
      statement.pipe(
        Effect.map((rows) => rows.length > 0),
        Effect.orDie,
      )
    const usersWhere = (where: Statement.Fragment) =>
      sql`SELECT u.id, u.email, u.firstname, u.lastname, u.name, u.is_admin, u.status, u.created_at,
          (SELECT count(*)::int FROM memberships ms WHERE ms.user_id = u.id) AS clusters
        FROM users u WHERE ${where}`.pipe(
        decodeAll(AdminUserRow),
        Effect.map((rows) => [...rows].sort(byUserName).map(toAdminUser)),
      )
    return {
      users: usersWhere(sql`true`),
      user: (id: string) => usersWhere(sql`u.id = ${id}`).pipe(Effect.map(first)),
      /** Every administrator, their rows locked: two administrators removing each other at once serialise. */
      lockAdmins: sql`SELECT id, email FROM users WHERE is_admin ORDER BY id FOR UPDATE`.pipe(
        decodeAll(Account),
      ),
      target: (id: string) =>
        sql`SELECT id, email,
            email_verified_at IS NOT NULL AS verified FROM users WHERE id = ${id}`.pipe(decodeFirst(Target)),
      setAdmin: (id: string, admin: boolean) =>
        run(sql`UPDATE users SET is_admin = ${admin} WHERE id = ${id}`),
      clusterExists: (id: string) => exists(sql`SELECT 1 FROM clusters WHERE id = ${id}`),
      /** False when a box with this id exists already. */
      registerCounter: (id: string, kind: CounterKind, secretHash: string) =>
        sql`INSERT INTO counters (id, kind, secret_hash, secret_issued_at) VALUES (${id}, ${kind}, ${secretHash}, now())
            ON CONFLICT (id) DO NOTHING
            RETURNING secret_issued_at AS issued_at`.pipe(
          decodeFirst(Issued),
          Effect.map((row) => row?.issued_at),
          Effect.orDie,
        ),
      /** Replaces the box's secret hash (the old secret stops working with this commit); undefined: no box. */
      rotateSecret: (id: string, secretHash: string) =>
        sql`UPDATE counters SET secret_hash = ${secretHash}, secret_issued_at = now() WHERE id = ${id}
            RETURNING secret_issued_at AS issued_at`.pipe(
          decodeFirst(Issued),
          Effect.map((row) => row?.issued_at),
          Effect.orDie,
        ),
      lockCounter: (id: string) =>
        sql`SELECT cluster_id FROM counters
                WHERE id = ${id} FOR UPDATE`.pipe(decodeFirst(BoxCluster)),
      /** A current or coming association pins the box to its structure. */
      counterPinned: (id: string) =>
        exists(sql`SELECT 1 FROM counter_associations WHERE counter_id = ${id}
                  AND coalesce(end_date, '2150-01-01T00:00:00Z'::timestamptz) > now() LIMIT 1`),
      moveCounter: (id: string, cluster: string | null) =>
        run(sql`UPDATE counters SET cluster_id = ${cluster} WHERE id = ${id}`),
      /** False when a tag with this id exists already. */
      registerTag: (id: string, type: typeof BleTagType.Type) =>
        exists(sql`INSERT INTO ble_tags (id, type) VALUES (${id}, ${type})
            ON CONFLICT (id) DO NOTHING RETURNING id`),
      /** Another structure: its machine or person stays behind. */
      moveTag: (id: string, cluster: string | null) =>
        run(
          changeHolding(
            sql,
            id,
            sql`UPDATE ble_tags SET cluster_id = ${cluster}, machine_id = NULL, user_id = NULL
              WHERE id = ${id}`,
          ),
        ),
    }
  }),
}) {}
