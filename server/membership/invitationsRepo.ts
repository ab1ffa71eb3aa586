import { SqlClient, type Statement } from "@effect/sql"
import { Context, Effect, Layer } from "effect"
import type { MemberRole } from "../../src/schema/cluster"
import { ClusterId, InvitationId } from "../../src/schema/ids"
import { type AccountStatus, Invitation, type InvitationStatus } from "../../src/schema/membership"
import type { Locale } from "../../src/schema/user"
import { exactlyOne, memberships, personName, utc } from "./rows"

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
  readonly status: InvitationStatus
}

interface InvitationRow {
  readonly p_firstname: string
  readonly p_lastname: string
  readonly p_name: string | null
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
    invitedBy: personName(r),
    createdAt: utc(r.created_at),
    answeredAt: r.answered_at === null ? null : utc(r.answered_at),
  })

/**
 * Invitations and the accounts and memberships they create. A move is one conditional UPDATE
 * (`… WHERE status = 'sent'`): of two concurrent moves exactly one changes the row. The
 * open-invitation partial unique index decides between concurrent invitations. SQL faults are defects.
 */
export class InvitationsRepo extends Context.Tag("InvitationsRepo")<
  InvitationsRepo,
  {
    readonly lock: (clusterId: string) => Effect.Effect<void>
    readonly isMember: (clusterId: string, userId: string) => Effect.Effect<boolean>
    readonly closeOtherPaths: (
      clusterId: string,
      userId: string,
    ) => Effect.Effect<{ requestIds: ReadonlyArray<string>; invitationIds: ReadonlyArray<string> }>
    readonly join: (clusterId: string, userId: string, role: MemberRole) => Effect.Effect<void>
    /** The account with this e-mail, created `unconfigured` (no password, empty names) when there is none. */
    readonly ensureAccount: (email: string) => Effect.Effect<Account>
    readonly keys: (id: string) => Effect.Effect<InvitationKeys | undefined>
    readonly get: (id: string) => Effect.Effect<Invitation>
    /** undefined when the person already has an open invitation to this structure. */
    readonly insert: (i: {
      clusterId: string
      userId: string
      email: string
      role: MemberRole
      invitedBy: string
    }) => Effect.Effect<string | undefined>
    /** Moves a sent invitation; undefined when it was no longer sent. */
    readonly move: (
      id: string,
      to: Exclude<InvitationStatus, "sent">,
    ) => Effect.Effect<
      { cluster_id: string; user_id: string; role: MemberRole; invited_by: string } | undefined
    >
    /** Every status, newest first, at most 100. */
    readonly ofCluster: (clusterId: string) => Effect.Effect<ReadonlyArray<Invitation>>
    /** The person's sent invitations, newest first. */
    readonly openOf: (userId: string) => Effect.Effect<ReadonlyArray<Invitation>>
  }
>() {}

export const InvitationsRepoLive = Layer.effect(
  InvitationsRepo,
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const select = (where: Statement.Fragment, order: Statement.Fragment, limit: number) =>
      sql<InvitationRow>`
        SELECT i.id, i.cluster_id, c.name AS cluster_name, i.email, i.role, i.status, i.created_at,
               i.answered_at, p.firstname AS p_firstname, p.lastname AS p_lastname, p.name AS p_name
        FROM invitations i JOIN clusters c ON c.id = i.cluster_id JOIN users p ON p.id = i.invited_by
        WHERE ${where} ORDER BY ${order} LIMIT ${limit}`.pipe(
        Effect.map((rows) => rows.map(toInvitation)),
        Effect.orDie,
      )
    const newestFirst = sql`i.created_at DESC, i.id DESC`
    return {
      ...memberships(sql),
      ensureAccount: (email) =>
        Effect.gen(function* () {
          // Two invitations of one new address at once: the unique e-mail lets one insert, the other reads it.
          yield* sql`INSERT INTO users (email, password_hash, firstname, lastname, status)
            VALUES (${email}, NULL, '', '', 'unconfigured') ON CONFLICT (email) DO NOTHING`
          const rows =
            yield* sql<Account>`SELECT id, email, status, language FROM users WHERE email = ${email}`
          return yield* exactlyOne(rows)
        }).pipe(Effect.orDie),
      keys: (id) =>
        sql<InvitationKeys>`SELECT id, cluster_id, user_id, status FROM invitations WHERE id = ${id}`.pipe(
          Effect.map((rows) => rows[0]),
          Effect.orDie,
        ),
      get: (id) => select(sql`i.id = ${id}`, sql`i.id`, 1).pipe(Effect.flatMap(exactlyOne)),
      insert: (i) =>
        sql<{ id: string }>`INSERT INTO invitations (cluster_id, user_id, email, role, invited_by)
          VALUES (${i.clusterId}, ${i.userId}, ${i.email}, ${i.role}, ${i.invitedBy})
          ON CONFLICT (cluster_id, user_id) WHERE status = 'sent' DO NOTHING RETURNING id`.pipe(
          Effect.map((rows) => rows[0]?.id),
          Effect.orDie,
        ),
      move: (id, to) =>
        sql<{ cluster_id: string; user_id: string; role: MemberRole; invited_by: string }>`
          UPDATE invitations SET status = ${to}, answered_at = now()
          WHERE id = ${id} AND status = 'sent'
          RETURNING cluster_id, user_id, role, invited_by`.pipe(
          Effect.map((rows) => rows[0]),
          Effect.orDie,
        ),
      ofCluster: (clusterId) => select(sql`i.cluster_id = ${clusterId}`, newestFirst, 100),
      openOf: (userId) => select(sql`i.user_id = ${userId} AND i.status = 'sent'`, newestFirst, 100),
    }
  }),
)
