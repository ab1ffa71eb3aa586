import { SqlClient, type Statement } from "@effect/sql"
import { Context, DateTime, Effect, Layer } from "effect"
import type { MemberRole } from "../../src/schema/cluster"
import { ClusterId, InvitationId, MembershipRequestId, UserId } from "../../src/schema/ids"
import {
  type AccountStatus,
  Invitation,
  type InvitationStatus,
  MembershipRequest,
  type MembershipRequestStatus,
  UserSummary,
} from "../../src/schema/membership"
import type { Locale } from "../../src/schema/user"

/** A person as the invitation step needs them. */
export interface Account {
  readonly id: string
  readonly email: string
  readonly status: AccountStatus
  readonly language: Locale
}

/** An invitation's keys, for rights checks before a move. */
export interface InvitationKeys {
  readonly id: string
  readonly cluster_id: string
  readonly user_id: string
  readonly invited_by: string
  readonly status: InvitationStatus
}

export interface RequestKeys {
  readonly id: string
  readonly cluster_id: string
  readonly user_id: string
  readonly role: MemberRole
  readonly status: MembershipRequestStatus
}

interface PersonColumns {
  readonly p_id: string
  readonly p_email: string
  readonly p_firstname: string
  readonly p_lastname: string
  readonly p_name: string | null
}

const person = (r: PersonColumns) =>
  new UserSummary({
    id: UserId.make(r.p_id),
    email: r.p_email,
    firstname: r.p_firstname,
    lastname: r.p_lastname,
    name: r.p_name,
  })

const date = (d: Date) => DateTime.unsafeMake(d)

interface InvitationRow extends PersonColumns {
  readonly id: string
  readonly cluster_id: string
  readonly cluster_name: string
  readonly email: string
  readonly role: MemberRole
  readonly status: InvitationStatus
  readonly created_at: Date
  readonly answered_at: Date | null
}

const toInvitation = (r: InvitationRow) =>
  new Invitation({
    id: InvitationId.make(r.id),
    cluster: { id: ClusterId.make(r.cluster_id), name: r.cluster_name },
    email: r.email,
    role: r.role,
    status: r.status,
    invitedBy: person(r),
    createdAt: date(r.created_at),
    answeredAt: r.answered_at === null ? null : date(r.answered_at),
  })

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
    createdAt: date(r.created_at),
    decidedAt: r.decided_at === null ? null : date(r.decided_at),
  })

/**
 * Invitations, requests to join and the memberships they create. Every move is one conditional
 * UPDATE (`… WHERE status = 'sent'`), so of two concurrent moves exactly one changes the row; the
 * open-invitation and pending-request partial unique indexes decide between concurrent inserts.
 * SQL faults are defects.
 */
export class MembershipRepo extends Context.Tag("MembershipRepo")<
  MembershipRepo,
  {
    readonly clusterName: (clusterId: string) => Effect.Effect<string | undefined>
    readonly isMember: (clusterId: string, userId: string) => Effect.Effect<boolean>
    /** The account with this e-mail, created `unconfigured` (no password, empty names) when there is none. */
    readonly ensureAccount: (email: string) => Effect.Effect<Account>
    /** Joins with the structure's current default rights; nothing happens when already a member. */
    readonly join: (clusterId: string, userId: string, role: MemberRole) => Effect.Effect<void>

    readonly invitationKeys: (id: string) => Effect.Effect<InvitationKeys | undefined>
    readonly invitation: (id: string) => Effect.Effect<Invitation>
    /** undefined when the person already has an open invitation to this structure. */
    readonly insertInvitation: (i: {
      clusterId: string
      userId: string
      email: string
      role: MemberRole
      invitedBy: string
    }) => Effect.Effect<string | undefined>
    /** Moves a sent invitation; undefined when it was no longer sent. */
    readonly moveInvitation: (
      id: string,
      to: Exclude<InvitationStatus, "sent">,
    ) => Effect.Effect<
      { cluster_id: string; user_id: string; role: MemberRole; invited_by: string } | undefined
    >
    readonly clusterInvitations: (clusterId: string) => Effect.Effect<ReadonlyArray<Invitation>>
    readonly openInvitationsOf: (userId: string) => Effect.Effect<ReadonlyArray<Invitation>>

    readonly requestKeys: (id: string) => Effect.Effect<RequestKeys | undefined>
    readonly request: (id: string) => Effect.Effect<MembershipRequest>
    /** undefined when the person already has a pending request to this structure. */
    readonly insertRequest: (
      clusterId: string,
      userId: string,
      role: MemberRole,
    ) => Effect.Effect<string | undefined>
    /** Decides a pending request; undefined when it was no longer pending. */
    readonly decideRequest: (
      id: string,
      to: Exclude<MembershipRequestStatus, "pending">,
      by: string,
    ) => Effect.Effect<{ cluster_id: string; user_id: string; role: MemberRole } | undefined>
    readonly pendingRequests: (clusterId: string) => Effect.Effect<ReadonlyArray<MembershipRequest>>
    readonly requestsOf: (userId: string) => Effect.Effect<ReadonlyArray<MembershipRequest>>
  }
>() {}

export const MembershipRepoLive = Layer.effect(
  MembershipRepo,
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient

    const invitations = (where: Statement.Fragment, order: Statement.Fragment, limit: number) =>
      sql<InvitationRow>`
        SELECT i.id, i.cluster_id, c.name AS cluster_name, i.email, i.role, i.status, i.created_at,
               i.answered_at, p.id AS p_id, p.email AS p_email, p.firstname AS p_firstname,
               p.lastname AS p_lastname, p.name AS p_name
        FROM invitations i JOIN clusters c ON c.id = i.cluster_id JOIN users p ON p.id = i.invited_by
        WHERE ${where} ORDER BY ${order} LIMIT ${limit}`.pipe(Effect.map((rows) => rows.map(toInvitation)))

    const requests = (where: Statement.Fragment, order: Statement.Fragment, limit: number) =>
      sql<RequestRow>`
        SELECT r.id, r.cluster_id, c.name AS cluster_name, r.role, r.status, r.created_at, r.decided_at,
               p.id AS p_id, p.email AS p_email, p.firstname AS p_firstname, p.lastname AS p_lastname,
               p.name AS p_name
        FROM membership_requests r JOIN clusters c ON c.id = r.cluster_id JOIN users p ON p.id = r.user_id
        WHERE ${where} ORDER BY ${order} LIMIT ${limit}`.pipe(Effect.map((rows) => rows.map(toRequest)))

    const exactlyOne = <A>(rows: ReadonlyArray<A>) =>
      rows[0] === undefined
        ? Effect.dieMessage("row vanished inside its transaction")
        : Effect.succeed(rows[0])

    return {
      clusterName: (clusterId) =>
        sql<{ name: string }>`SELECT name FROM clusters WHERE id = ${clusterId}`.pipe(
          Effect.map((rows) => rows[0]?.name),
          Effect.orDie,
        ),
      isMember: (clusterId, userId) =>
        sql`SELECT 1 FROM memberships WHERE cluster_id = ${clusterId} AND user_id = ${userId}`.pipe(
          Effect.map((rows) => rows.length > 0),
          Effect.orDie,
        ),
      ensureAccount: (email) =>
        Effect.gen(function* () {
          // Two invitations of one new address at once: the unique e-mail lets one insert, the other reads it.
          yield* sql`INSERT INTO users (email, password_hash, firstname, lastname, status)
            VALUES (${email}, NULL, '', '', 'unconfigured') ON CONFLICT (email) DO NOTHING`
          const rows =
            yield* sql<Account>`SELECT id, email, status, language FROM users WHERE email = ${email}`
          return yield* exactlyOne(rows)
        }).pipe(Effect.orDie),
      join: (clusterId, userId, role) =>
        sql`INSERT INTO memberships (cluster_id, user_id, role, rights)
          SELECT id, ${userId}, ${role}, default_rights FROM clusters WHERE id = ${clusterId}
          ON CONFLICT (cluster_id, user_id) DO NOTHING`.pipe(Effect.asVoid, Effect.orDie),

      invitationKeys: (id) =>
        sql<InvitationKeys>`SELECT id, cluster_id, user_id, invited_by, status FROM invitations WHERE id = ${id}`.pipe(
          Effect.map((rows) => rows[0]),
          Effect.orDie,
        ),
      invitation: (id) =>
        invitations(sql`i.id = ${id}`, sql`i.id`, 1).pipe(Effect.flatMap(exactlyOne), Effect.orDie),
      insertInvitation: (i) =>
        sql<{ id: string }>`INSERT INTO invitations (cluster_id, user_id, email, role, invited_by)
          VALUES (${i.clusterId}, ${i.userId}, ${i.email}, ${i.role}, ${i.invitedBy})
          ON CONFLICT (cluster_id, user_id) WHERE status = 'sent' DO NOTHING RETURNING id`.pipe(
          Effect.map((rows) => rows[0]?.id),
          Effect.orDie,
        ),
      moveInvitation: (id, to) =>
        sql<{ cluster_id: string; user_id: string; role: MemberRole; invited_by: string }>`
          UPDATE invitations SET status = ${to}, answered_at = now()
          WHERE id = ${id} AND status = 'sent'
          RETURNING cluster_id, user_id, role, invited_by`.pipe(
          Effect.map((rows) => rows[0]),
          Effect.orDie,
        ),
      clusterInvitations: (clusterId) =>
        invitations(sql`i.cluster_id = ${clusterId}`, sql`i.created_at DESC, i.id DESC`, 100).pipe(
          Effect.orDie,
        ),
      openInvitationsOf: (userId) =>
        invitations(
          sql`i.user_id = ${userId} AND i.status = 'sent'`,
          sql`i.created_at DESC, i.id DESC`,
          100,
        ).pipe(Effect.orDie),

      requestKeys: (id) =>
        sql<RequestKeys>`SELECT id, cluster_id, user_id, role, status FROM membership_requests WHERE id = ${id}`.pipe(
          Effect.map((rows) => rows[0]),
          Effect.orDie,
        ),
      request: (id) =>
        requests(sql`r.id = ${id}`, sql`r.id`, 1).pipe(Effect.flatMap(exactlyOne), Effect.orDie),
      insertRequest: (clusterId, userId, role) =>
        sql<{ id: string }>`INSERT INTO membership_requests (cluster_id, user_id, role)
          VALUES (${clusterId}, ${userId}, ${role})
          ON CONFLICT (cluster_id, user_id) WHERE status = 'pending' DO NOTHING RETURNING id`.pipe(
          Effect.map((rows) => rows[0]?.id),
          Effect.orDie,
        ),
      decideRequest: (id, to, by) =>
        sql<{ cluster_id: string; user_id: string; role: MemberRole }>`
          UPDATE membership_requests SET status = ${to}, decided_at = now(), decided_by = ${by}
          WHERE id = ${id} AND status = 'pending'
          RETURNING cluster_id, user_id, role`.pipe(
          Effect.map((rows) => rows[0]),
          Effect.orDie,
        ),
      pendingRequests: (clusterId) =>
        requests(
          sql`r.cluster_id = ${clusterId} AND r.status = 'pending'`,
          sql`r.created_at, r.id`,
          500,
        ).pipe(Effect.orDie),
      requestsOf: (userId) =>
        requests(sql`r.user_id = ${userId}`, sql`r.created_at DESC, r.id DESC`, 50).pipe(Effect.orDie),
    }
  }),
)
