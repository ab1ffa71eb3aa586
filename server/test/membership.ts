import type { MemberRole } from "../../src/schema/cluster"
import type { Right } from "../../src/schema/rights"
import { publicUrl, type TestApp } from "./app"
import { type Person, send } from "./clusters"

export { addMember, createCluster, type Person, send } from "./clusters"

/** The first link of a mail. */
export const linkIn = (mail: string) => new URL(/https?:\/\/\S+/.exec(mail)?.[0] ?? "missing-link")

/** The newest mail to `email` (optionally one containing `text`), waited for. */
export const mailTo = (app: TestApp, email: string, text = "") =>
  app.waitForMail((m) => m.startsWith(`To: ${email}\n`) && m.includes(text))

/** The finalisation token of the newest finalisation mail to `email`. */
export const finaliseTokenFor = async (app: TestApp, email: string) => {
  const link = linkIn(await mailTo(app, email, `${publicUrl}/signup?invitation=`))
  return link.searchParams.get("invitation") ?? ""
}

export const invite = (
  app: TestApp,
  who: Person,
  clusterId: string,
  email: string,
  role: MemberRole = "member",
) => send(app, who, "POST", `/api/v2/clusters/${clusterId}/invitations`, { email, role })

export const notificationsOf = async (app: TestApp, who: Person) => {
  const res = await send(app, who, "GET", "/api/v2/notifications")
  if (res.status !== 200) throw new Error(`notifications: ${res.status}`)
  return res.body as ReadonlyArray<{
    id: string
    kind: string
    invitationId: string | null
    requestId: string | null
    answer: string | null
    actor: { firstname: string; lastname: string; name: string | null } | null
    cluster: { id: string; name: string }
    read: { user: string; read_date: string | null }
  }>
}

/** The person's role and rights in the structure, read from the database; undefined when not a member. */
export const membershipOf = async (app: TestApp, clusterId: string, userId: string) => {
  const rows = await app.sql(
    (sql) => sql<{ role: string; rights: ReadonlyArray<string> }>`
      SELECT role, rights FROM memberships WHERE cluster_id = ${clusterId} AND user_id = ${userId}`,
  )
  return rows[0] && { role: rows[0].role, rights: [...rows[0].rights] }
}

export const setDefaultRights = (app: TestApp, clusterId: string, rights: ReadonlyArray<Right>) =>
  app.sql(
    (sql) =>
      sql`UPDATE clusters SET default_rights = ${`{${rights.join(",")}}`}::text[] WHERE id = ${clusterId}`,
  )

/** Rows of a table about a structure (invitations, membership_requests, notifications, memberships). */
export const countRows = async (
  app: TestApp,
  table: "invitations" | "membership_requests" | "notifications" | "memberships",
  clusterId: string,
) => {
  const rows = await app.sql(
    (sql) => sql<{ n: number }>`SELECT count(*)::int AS n FROM ${sql(table)} WHERE cluster_id = ${clusterId}`,
  )
  return rows[0].n
}
