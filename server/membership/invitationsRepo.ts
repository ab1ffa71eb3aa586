import { SqlClient, type Statement } from "@effect/sql"
import { Effect, Schema } from "effect"
import { MemberRole } from "../../src/schema/cluster"
import { ClusterId, InvitationId } from "../../src/schema/ids"
import { AccountStatus, Invitation, InvitationStatus } from "../../src/schema/membership"
import { Locale } from "../../src/schema/user"
import { UtcColumn } from "../db/columns"
import { decodeAll, decodeFirst, decodeSingle, IdRow } from "../db/decode"
import { exactlyOne, memberships, personName } from "./rows"

/** A person as the invitation step needs them. */
const Account = Schema.Struct({
  id: Schema.String,
  email: Schema.String,
  status: AccountStatus,
  language: Locale,
})

/** An invitation's keys, for rights checks before a move. */
const InvitationKeys = Schema.Struct({
  id: Schema.String,
  cluster_id: Schema.String,
  user_id: Schema.String,
  status: InvitationStatus,
})

/** What a move returns of the invitation it moved. */
const Moved = Schema.Struct({
  cluster_id: Schema.String,
  user_id: Schema.String,
  role: MemberRole,
  invited_by: Schema.String,
})

const InvitationRow = Schema.Struct({
  p_firstname: Schema.String,
  p_lastname: Schema.String,
  p_name: Schema.NullOr(Schema.String),
  id: InvitationId,
  cluster_id: ClusterId,
  cluster_name: Schema.String,
  email: Schema.String,
  role: MemberRole,
  status: InvitationStatus,
  created_at: UtcColumn,
  answered_at: Schema.NullOr(UtcColumn),
})

const toInvitation = (r: typeof InvitationRow.Type) =>
  new Invitation({
    id: r.id,
    cluster: { id: r.cluster_id, name: r.cluster_name },
    email: r.email,
    role: r.role,
    status: r.status,
    invitedBy: personName(r),
    createdAt: r.created_at,
    answeredAt: r.answered_at,
  })

/**
 * Invitations and the accounts and memberships they create. A move is one conditional UPDATE
 * (`… WHERE status = 'sent'`): of two concurrent moves exactly one changes the row. The
 * open-invitation partial unique index decides between concurrent invitations. SQL faults are defects.
 */
export class InvitationsRepo extends Effect.Service<InvitationsRepo>()("InvitationsRepo", {
  effect: Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const select = (where: Statement.Fragment, order: Statement.Fragment, limit: number) =>
      sql`
        SELECT i.id, i.cluster_id, c.name AS cluster_name, i.email, i.role, i.status, i.created_at,
               i.answered_at, p.firstname AS p_firstname, p.lastname AS p_lastname, p.name AS p_name
        FROM invitations i JOIN clusters c ON c.id = i.cluster_id JOIN users p ON p.id = i.invited_by
        WHERE ${where} ORDER BY ${order} LIMIT ${limit}`.pipe(
        decodeAll(InvitationRow),
        Effect.map((rows) => rows.map(toInvitation)),
      )
    const newestFirst = sql`i.created_at DESC, i.id DESC`
    return {
      ...memberships(sql),
      /** The account with this e-mail, created `unconfigured` (no password, empty names) when there is none. */
      ensureAccount: (email: string) =>
        // Two invitations of one new address at once: the unique e-mail lets one insert, the other reads it.
        sql`INSERT INTO users (email, password_hash, firstname, lastname, status)
            VALUES (${email}, NULL, '', '', 'unconfigured') ON CONFLICT (email) DO NOTHING`.pipe(
          Effect.orDie,
          Effect.zipRight(
            sql`SELECT id, email, status, language FROM users WHERE email = ${email}`.pipe(
              decodeSingle(Account),
            ),
          ),
        ),
      keys: (id: string) =>
        sql`SELECT id, cluster_id, user_id, status FROM invitations WHERE id = ${id}`.pipe(
          decodeFirst(InvitationKeys),
        ),
      get: (id: string) => select(sql`i.id = ${id}`, sql`i.id`, 1).pipe(Effect.flatMap(exactlyOne)),
      /** undefined when the person already has an open invitation to this structure. */
      insert: (i: {
        clusterId: string
        userId: string
        email: string
        role: MemberRole
        invitedBy: string
      }) =>
        sql`INSERT INTO invitations (cluster_id, user_id, email, role, invited_by)
          VALUES (${i.clusterId}, ${i.userId}, ${i.email}, ${i.role}, ${i.invitedBy})
          ON CONFLICT (cluster_id, user_id) WHERE status = 'sent' DO NOTHING RETURNING id`.pipe(
          decodeFirst(IdRow),
          Effect.map((row) => row?.id),
        ),
      /** Moves a sent invitation; undefined when it was no longer sent. */
      move: (id: string, to: Exclude<InvitationStatus, "sent">) =>
        sql`
          UPDATE invitations SET status = ${to}, answered_at = now()
          WHERE id = ${id} AND status = 'sent'
          RETURNING cluster_id, user_id, role, invited_by`.pipe(decodeFirst(Moved)),
      /** Every status, newest first, at most 100. */
      ofCluster: (clusterId: string) => select(sql`i.cluster_id = ${clusterId}`, newestFirst, 100),
      /** The person's sent invitations, newest first. */
      openOf: (userId: string) => select(sql`i.user_id = ${userId} AND i.status = 'sent'`, newestFirst, 100),
    }
  }),
}) {}
