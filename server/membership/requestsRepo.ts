import { SqlClient, type Statement } from "@effect/sql"
import { Context, Effect, Layer } from "effect"
import type { MemberRole } from "../../src/schema/cluster"
import { ClusterId, MembershipRequestId } from "../../src/schema/ids"
import { MembershipRequest, type MembershipRequestStatus } from "../../src/schema/membership"
import { exactlyOne, memberships, type PersonColumns, person, utc } from "./rows"

export interface RequestKeys {
  readonly id: string
  readonly cluster_id: string
  readonly user_id: string
  readonly status: MembershipRequestStatus
}

interface RequestRow extends PersonColumns {
  readonly id: string
  readonly cluster_id: string
  readonly cluster_name: string
  readonly role: MemberRole
  readonly status: MembershipRequestStatus
  readonly created_at: Date
  readonly decided_at: Date | null
}

const toRequest = (r: RequestRow) =>
  new MembershipRequest({
    id: MembershipRequestId.make(r.id),
    cluster: { id: ClusterId.make(r.cluster_id), name: r.cluster_name },
    user: person(r),
    role: r.role,
    status: r.status,
    createdAt: utc(r.created_at),
    decidedAt: r.decided_at === null ? null : utc(r.decided_at),
  })

/**
 * Requests to join and the memberships they create. A decision is one conditional UPDATE
 * (`… WHERE status = 'pending'`); the pending-request partial unique index decides between
 * concurrent requests. SQL faults are defects.
 */
export class RequestsRepo extends Context.Tag("RequestsRepo")<
  RequestsRepo,
  {
    readonly clusterExists: (clusterId: string) => Effect.Effect<boolean>
    readonly lock: (clusterId: string) => Effect.Effect<void>
    readonly isMember: (clusterId: string, userId: string) => Effect.Effect<boolean>
    readonly closeOtherPaths: (
      clusterId: string,
      userId: string,
    ) => Effect.Effect<{ requestIds: ReadonlyArray<string>; invitationIds: ReadonlyArray<string> }>
    readonly join: (clusterId: string, userId: string, role: MemberRole) => Effect.Effect<void>
    readonly keys: (id: string) => Effect.Effect<RequestKeys | undefined>
    readonly get: (id: string) => Effect.Effect<MembershipRequest>
    /** undefined when the person already has a pending request to this structure. */
    readonly insert: (
      clusterId: string,
      userId: string,
      role: MemberRole,
    ) => Effect.Effect<string | undefined>
    /** Decides a pending request; undefined when it was no longer pending. */
    readonly decide: (
      id: string,
      to: Exclude<MembershipRequestStatus, "pending">,
      by: string,
    ) => Effect.Effect<{ cluster_id: string; user_id: string; role: MemberRole } | undefined>
    /** Pending ones, oldest first. */
    readonly pendingOf: (clusterId: string) => Effect.Effect<ReadonlyArray<MembershipRequest>>
    /** The person's requests, newest first, at most 50. */
    readonly byUser: (userId: string) => Effect.Effect<ReadonlyArray<MembershipRequest>>
  }
>() {}

export const RequestsRepoLive = Layer.effect(
  RequestsRepo,
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const select = (where: Statement.Fragment, order: Statement.Fragment, limit: number) =>
      sql<RequestRow>`
        SELECT r.id, r.cluster_id, c.name AS cluster_name, r.role, r.status, r.created_at, r.decided_at,
               p.id AS p_id, p.email AS p_email, p.firstname AS p_firstname, p.lastname AS p_lastname,
               p.name AS p_name
        FROM membership_requests r JOIN clusters c ON c.id = r.cluster_id JOIN users p ON p.id = r.user_id
        WHERE ${where} ORDER BY ${order} LIMIT ${limit}`.pipe(
        Effect.map((rows) => rows.map(toRequest)),
        Effect.orDie,
      )
    return {
      ...memberships(sql),
      clusterExists: (clusterId) =>
        sql`SELECT 1 FROM clusters WHERE id = ${clusterId}`.pipe(
          Effect.map((rows) => rows.length > 0),
          Effect.orDie,
        ),
      keys: (id) =>
        sql<RequestKeys>`SELECT id, cluster_id, user_id, status FROM membership_requests WHERE id = ${id}`.pipe(
          Effect.map((rows) => rows[0]),
          Effect.orDie,
        ),
      get: (id) => select(sql`r.id = ${id}`, sql`r.id`, 1).pipe(Effect.flatMap(exactlyOne)),
      insert: (clusterId, userId, role) =>
        sql<{ id: string }>`INSERT INTO membership_requests (cluster_id, user_id, role)
          VALUES (${clusterId}, ${userId}, ${role})
          ON CONFLICT (cluster_id, user_id) WHERE status = 'pending' DO NOTHING RETURNING id`.pipe(
          Effect.map((rows) => rows[0]?.id),
          Effect.orDie,
        ),
      decide: (id, to, by) =>
        sql<{ cluster_id: string; user_id: string; role: MemberRole }>`
          UPDATE membership_requests SET status = ${to}, decided_at = now(), decided_by = ${by}
          WHERE id = ${id} AND status = 'pending'
          RETURNING cluster_id, user_id, role`.pipe(
          Effect.map((rows) => rows[0]),
          Effect.orDie,
        ),
      pendingOf: (clusterId) =>
        select(sql`r.cluster_id = ${clusterId} AND r.status = 'pending'`, sql`r.created_at, r.id`, 1000),
      byUser: (userId) => select(sql`r.user_id = ${userId}`, sql`r.created_at DESC, r.id DESC`, 50),
    }
  }),
)
