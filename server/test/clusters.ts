import { expect } from "vitest"
import { rights as allRights, type Right } from "../../src/schema/rights"
import type { signup, TestApp } from "./app"

type Person = Awaited<ReturnType<typeof signup>>

export const clusterAddress = {
  street: "2 rue de la Coopérative",
  complement: null,
  postalCode: "28120",
  city: "Illiers-Combray",
  country: "France",
}

export const clusterInput = (fields: Record<string, unknown> = {}) => ({
  name: "CUMA du Loir",
  type: "sharing",
  kind: "cuma",
  vatNumber: null,
  description: null,
  address: clusterAddress,
  ...fields,
})

/** A structure created through the API by `creator` (who then holds every right); returns its id. */
export const createCluster = async (
  app: TestApp,
  creator: Person,
  fields: Record<string, unknown> = {},
): Promise<string> => {
  const res = await app.call("POST", "/api/v2/clusters", {
    body: clusterInput(fields),
    headers: creator.auth,
  })
  expect(res.status).toBe(201)
  return ((await res.json()) as { id: string }).id
}

/** Makes `userId` a member with exactly `rights` (SQL, bypassing invitations). */
export const addMember = (
  app: TestApp,
  clusterId: string,
  userId: string,
  rights: ReadonlyArray<Right>,
  role = "member",
) =>
  app.sql(
    (sql) => sql`INSERT INTO memberships (cluster_id, user_id, role, rights)
      VALUES (${clusterId}, ${userId}, ${role}, ${`{${rights.join(",")}}`}::text[])`,
  )

/** A machine of the structure (SQL: the fleet calls come later); returns its id. */
export const addMachine = async (app: TestApp, clusterId: string, name: string): Promise<string> => {
  const rows = await app.sql(
    (sql) =>
      sql<{
        id: string
      }>`INSERT INTO machines (cluster_id, name) VALUES (${clusterId}, ${name}) RETURNING id`,
  )
  return rows[0].id
}

export const addGrants = (app: TestApp, machineId: string, userId: string, grants: ReadonlyArray<string>) =>
  app.sql(
    (sql) => sql`INSERT INTO machine_grants (machine_id, user_id, grants)
      VALUES (${machineId}, ${userId}, ${`{${grants.join(",")}}`}::text[])`,
  )

/**
 * A booking of `machines` for `user` (who asked it too) over [start, end), ISO instants, in the
 * status given, written as the bookings service stores it; its id. For the tests of what reads
 * bookings (activities, reconciliation) without going through the booking form's rules.
 */
export const storeBooking = async (
  app: TestApp,
  b: {
    readonly cluster: string
    readonly user: string
    readonly machines: ReadonlyArray<string>
    readonly start: string
    readonly end: string
    readonly status?: "requested" | "accepted" | "refused" | "cancelled"
  },
) => {
  const id = crypto.randomUUID()
  const status = b.status ?? "accepted"
  await app.sql(
    (sql) => sql`INSERT INTO bookings (id, cluster_id, user_id, requested_by, start_date, end_date, status)
      VALUES (${id}, ${b.cluster}, ${b.user}, ${b.user}, ${b.start}::timestamptz, ${b.end}::timestamptz, ${status})`,
  )
  const active = status === "requested" || status === "accepted"
  for (const [position, machine] of b.machines.entries())
    await app.sql(
      (sql) => sql`INSERT INTO booking_resources (booking_id, position, machine_id, during, active)
        VALUES (${id}, ${position}, ${machine}, tstzrange(${b.start}::timestamptz, ${b.end}::timestamptz), ${active})`,
    )
  return id
}

export const delegate = (app: TestApp, userId: string, delegateId: string) =>
  app.sql((sql) => sql`INSERT INTO delegations (user_id, delegate_id) VALUES (${userId}, ${delegateId})`)

/** The JSON body of a call, with its status. */
// biome-ignore lint/suspicious/noExplicitAny: tests read bodies freely and assert their shape
type Json = any
export const send = async (
  app: TestApp,
  who: Person | undefined,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: Json }> => {
  const res = await app.call(method, path, { body, headers: who?.auth ?? {} })
  const text = await res.text()
  return { status: res.status, body: text ? JSON.parse(text) : undefined }
}

/** The 403 bodies the structure tests expect. */
export const forbidden = {
  _tag: "Forbidden",
  code: "forbidden",
  message: "Vous ne possédez pas les droits pour effectuer ceci.",
}
export const notAllowed = {
  _tag: "Forbidden",
  code: "modificationNotAllowed",
  message: "Cette modification n'est pas autorisée",
}

/** Reads and writes of the tests on a structure's rows, on the app `app()` returns once started. */
export const clusterRows = (app: () => TestApp) => {
  /** Each member's rights, by user id. */
  const rightsOf = async (id: string): Promise<Record<string, ReadonlyArray<string>>> =>
    Object.fromEntries(
      (
        await app().sql(
          (sql) => sql<{ user_id: string; rights: string[] }>`SELECT user_id, rights FROM memberships
            WHERE cluster_id = ${id}`,
        )
      ).map((r) => [r.user_id, allRights.filter((x) => r.rights.includes(x))]),
    )
  /** The rows a refusal must leave as they were: the structure's defaults and every membership. */
  const snapshot = async (id: string) => ({
    defaults: (
      await app().sql(
        (sql) => sql<{ d: string[] }>`SELECT default_rights AS d FROM clusters WHERE id = ${id}`,
      )
    )[0].d,
    members: await app().sql(
      (sql) => sql`SELECT user_id, role, rights FROM memberships WHERE cluster_id = ${id} ORDER BY user_id`,
    ),
  })
  const setRights = (id: string, userId: string, rights: ReadonlyArray<string>) =>
    app().sql(
      (sql) => sql`UPDATE memberships SET rights = ${`{${rights.join(",")}}`}::text[]
        WHERE cluster_id = ${id} AND user_id = ${userId}`,
    )
  return { rightsOf, snapshot, setRights }
}

export type { Person }
