import { SqlClient, type Statement } from "@effect/sql"
import { Effect, Schema } from "effect"
import { MemberRole } from "../../src/schema/cluster"
import { ClusterId, MembershipRequestId } from "../../src/schema/ids"
import { MembershipRequest, MembershipRequestStatus } from "../../src/schema/membership"
import { UtcColumn } from "../db/columns"
import { decodeAll, decodeFirst, IdRow } from "../db/decode"
import { exactlyOne, memberships, PersonColumns, person } from "./rows"

const RequestKeys = Schema.Struct({
  id: Schema.String,
  cluster_id: Schema.String,
  user_id: Schema.String,
  status: MembershipRequestStatus,
})

/** What a decision returns of the request it decided. */
const Decided = Schema.Struct({ cluster_id: Schema.String, user_id: Schema.String, role: MemberRole })

const RequestRow = Schema.Struct({
  ...PersonColumns,
  id: MembershipRequestId,
  cluster_id: ClusterId,
  cluster_name: Schema.String,
  role: MemberRole,
  status: MembershipRequestStatus,
  created_at: UtcColumn,
  decided_at: Schema.NullOr(UtcColumn),
})

const toRequest = (r: typeof RequestRow.Type) =>
  new MembershipRequest({
    id: r.id,
    cluster: { id: r.cluster_id, name: r.cluster_name },
    user: person(r),
    role: r.role,
    status: r.status,
    createdAt: r.created_at,
    decidedAt: r.decided_at,
  })

/**
 * Requests to join and the memberships they create. A decision is one conditional UPDATE
 * (`… WHERE status = 'pending'`); the pending-request partial unique index decides between
 * concurrent requests. SQL faults are defects.
 */
export class RequestsRepo extends Effect.Service<RequestsRepo>()("RequestsRepo", {
  effect: Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const select = (where: Statement.Fragment, order: Statement.Fragment, limit: number) =>
      sql`
        SELECT r.id, r.cluster_id, c.name AS cluster_name, r.role, r.status, r.created_at, r.decided_at,
               p.id AS p_id, p.email AS p_email, p.firstname AS p_firstname, p.lastname AS p_lastname,
               p.name AS p_name
        FROM membership_requests r JOIN clusters c ON c.id = r.cluster_id JOIN users p ON p.id = r.user_id
        WHERE ${where} ORDER BY ${order} LIMIT ${limit}`.pipe(
        decodeAll(RequestRow),
        Effect.map((rows) => rows.map(toRequest)),
      )
    return {
      ...memberships(sql),
      clusterExists: (clusterId: string) =>
        sql`SELECT 1 FROM clusters WHERE id = ${clusterId}`.pipe(
          Effect.map((rows) => rows.length > 0),
          Effect.orDie,
        ),
      keys: (id: string) =>
        sql`SELECT id, cluster_id, user_id, status FROM membership_requests WHERE id = ${id}`.pipe(
          decodeFirst(RequestKeys),
        ),
      get: (id: string) => select(sql`r.id = ${id}`, sql`r.id`, 1).pipe(Effect.flatMap(exactlyOne)),
      /** undefined when the person already has a pending request to this structure. */
      insert: (clusterId: string, userId: string, role: MemberRole) =>
        sql`INSERT INTO membership_requests (cluster_id, user_id, role)
          VALUES (${clusterId}, ${userId}, ${role})
          ON CONFLICT (cluster_id, user_id) WHERE status = 'pending' DO NOTHING RETURNING id`.pipe(
          decodeFirst(IdRow),
          Effect.map((row) => row?.id),
        ),
      /** Decides a pending request; undefined when it was no longer pending. */
      decide: (id: string, to: Exclude<MembershipRequestStatus, "pending">, by: string) =>
        sql`
          UPDATE membership_requests SET status = ${to}, decided_at = now(), decided_by = ${by}
          WHERE id = ${id} AND status = 'pending'
          RETURNING cluster_id, user_id, role`.pipe(decodeFirst(Decided)),
      /** Pending ones, oldest first. */
      pendingOf: (clusterId: string) =>
        select(sql`r.cluster_id = ${clusterId} AND r.status = 'pending'`, sql`r.created_at, r.id`, 1000),
      /** The person's requests, newest first, at most 50. */
      byUser: (userId: string) => select(sql`r.user_id = ${userId}`, sql`r.created_at DESC, r.id DESC`, 50),
    }
  }),
}) {}
