import type { SqlClient } from "@effect/sql"
import { Effect, Schema } from "effect"
import type { MemberRole } from "../../src/schema/cluster"
import { UserId } from "../../src/schema/ids"
import { type PersonName, UserSummary } from "../../src/schema/membership"
import { decodeAll, IdRow } from "../db/decode"

/** A person selected with columns prefixed `p_`. */
export const PersonColumns = {
  p_id: UserId,
  p_email: Schema.String,
  p_firstname: Schema.String,
  p_lastname: Schema.String,
  p_name: Schema.NullOr(Schema.String),
}

export const person = (r: Schema.Struct.Type<typeof PersonColumns>) =>
  new UserSummary({
    id: r.p_id,
    email: r.p_email,
    firstname: r.p_firstname,
    lastname: r.p_lastname,
    name: r.p_name,
  })

/** A person named to someone who may not share a structure with them: the name only. */
export const personName = (r: {
  p_firstname: string
  p_lastname: string
  p_name: string | null
}): PersonName => ({
  firstname: r.p_firstname,
  lastname: r.p_lastname,
  name: r.p_name,
})

export const exactlyOne = <A>(rows: ReadonlyArray<A>) =>
  rows[0] === undefined ? Effect.dieMessage("row vanished inside its transaction") : Effect.succeed(rows[0])

/** Membership reads and writes shared by invitations and requests. SQL faults are defects. */
export const memberships = (sql: SqlClient.SqlClient) => {
  /**
   * Locks the structure row for the rest of the caller's transaction, as every change of members'
   * rights does. Taken before any invitation or request row, so two joining paths cannot deadlock.
   * NO KEY UPDATE: changes of members serialise on it, while the foreign-key checks of rows that
   * reference the structure (a refusal's notification) do not wait for it, so they cannot deadlock
   * with a joining path either.
   */
  const lock = (clusterId: string) =>
    sql`SELECT id FROM clusters WHERE id = ${clusterId} FOR NO KEY UPDATE`.pipe(Effect.asVoid, Effect.orDie)
  return {
    lock,
    isMember: (clusterId: string, userId: string) =>
      sql`SELECT 1 FROM memberships WHERE cluster_id = ${clusterId} AND user_id = ${userId}`.pipe(
        Effect.map((rows) => rows.length > 0),
        Effect.orDie,
      ),
    /**
     * Joins with the structure's current default rights; nothing happens when already a member.
     * Runs inside the caller's transaction and first locks the structure row, as every change of
     * members' rights does: a concurrent "apply the defaults to members" either sees the newcomer or
     * has committed the defaults the newcomer then reads.
     */
    join: (clusterId: string, userId: string, role: MemberRole) =>
      lock(clusterId).pipe(
        Effect.zipRight(
          sql`INSERT INTO memberships (cluster_id, user_id, role, rights)
          SELECT id, ${userId}, ${role}, default_rights FROM clusters WHERE id = ${clusterId}
          ON CONFLICT (cluster_id, user_id) DO NOTHING`.pipe(Effect.orDie),
        ),
        Effect.asVoid,
      ),
    /**
     * Joining closes the other path: the person's pending request to the structure and open
     * invitation to it become accepted. Returns what was closed, to settle its notifications.
     */
    closeOtherPaths: (clusterId: string, userId: string) =>
      Effect.all({
        requests: sql`UPDATE membership_requests SET status = 'accepted', decided_at = now()
        WHERE cluster_id = ${clusterId} AND user_id = ${userId} AND status = 'pending' RETURNING id`.pipe(
          decodeAll(IdRow),
        ),
        invitations: sql`UPDATE invitations SET status = 'accepted', answered_at = now()
        WHERE cluster_id = ${clusterId} AND user_id = ${userId} AND status = 'sent' RETURNING id`.pipe(
          decodeAll(IdRow),
        ),
      }).pipe(
        Effect.map(({ requests, invitations }) => ({
          requestIds: requests.map((r) => r.id),
          invitationIds: invitations.map((r) => r.id),
        })),
      ),
  }
}
