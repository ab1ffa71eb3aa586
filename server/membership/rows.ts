import type { SqlClient } from "@effect/sql"
import { DateTime, Effect } from "effect"
import type { MemberRole } from "../../src/schema/cluster"
import { UserId } from "../../src/schema/ids"
import { UserSummary } from "../../src/schema/membership"

/** A person selected with columns prefixed `p_`. */
export interface PersonColumns {
  readonly p_id: string
  readonly p_email: string
  readonly p_firstname: string
  readonly p_lastname: string
  readonly p_name: string | null
}

export const person = (r: PersonColumns) =>
  new UserSummary({
    id: UserId.make(r.p_id),
    email: r.p_email,
    firstname: r.p_firstname,
    lastname: r.p_lastname,
    name: r.p_name,
  })

export const utc = (d: Date) => DateTime.unsafeMake(d)

export const exactlyOne = <A>(rows: ReadonlyArray<A>) =>
  rows[0] === undefined ? Effect.dieMessage("row vanished inside its transaction") : Effect.succeed(rows[0])

/** Membership reads and writes shared by invitations and requests. SQL faults are defects. */
export const memberships = (sql: SqlClient.SqlClient) => ({
  isMember: (clusterId: string, userId: string) =>
    sql`SELECT 1 FROM memberships WHERE cluster_id = ${clusterId} AND user_id = ${userId}`.pipe(
      Effect.map((rows) => rows.length > 0),
      Effect.orDie,
    ),
  /** Joins with the structure's current default rights; nothing happens when already a member. */
  join: (clusterId: string, userId: string, role: MemberRole) =>
    sql`INSERT INTO memberships (cluster_id, user_id, role, rights)
      SELECT id, ${userId}, ${role}, default_rights FROM clusters WHERE id = ${clusterId}
      ON CONFLICT (cluster_id, user_id) DO NOTHING`.pipe(Effect.asVoid, Effect.orDie),
})
