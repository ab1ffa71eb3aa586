import type { Right } from "../../src/schema/rights"
import { signup, type TestApp } from "./app"
import { addMachine, addMember, createCluster, type Person, send } from "./clusters"

const hour = 3600 * 1000

/** An instant `hours` from now, on the hour boundary of a fixed base (ISO). */
export const inHours = (hours: number, base = Date.now()) =>
  new Date(Math.ceil(base / hour) * hour + hours * hour).toISOString()

export const machineRef = (id: string) => ({ kind: "machine", id })
export const employeeRef = (id: string) => ({ kind: "employee", id })

/** A booking body for `user` of `resources` from `start` to `end` hours ahead. */
export const bookingBody = (
  user: string,
  resources: ReadonlyArray<{ kind: string; id: string }>,
  start = 24,
  end = 26,
  fields: Record<string, unknown> = {},
) => ({
  id: crypto.randomUUID(),
  resources,
  user,
  start_date: inHours(start),
  end_date: inHours(end),
  ...fields,
})

/** Every right a member may hold about bookings, and what a plain member holds by default. */
export const acceptorRights: ReadonlyArray<Right> = [
  "seeMachines",
  "bookMachine",
  "acceptMachineBooking",
  "seeEmployees",
  "bookEmployee",
  "validateEmployeeBooking",
]
export const memberRights: ReadonlyArray<Right> = [
  "seeMachines",
  "bookMachine",
  "seeEmployees",
  "bookEmployee",
]

/** Helpers of the booking tests, on the app `app()` returns once started. */
export const planning = (app: () => TestApp) => {
  /**
   * Anne created the structure (every right); Marc accepts bookings; Paul is a plain member;
   * Eve an employee; Olga outside. Two machines, Tracteur 1 and Tracteur 2.
   */
  const fixture = async (paulRights: ReadonlyArray<Right> = memberRights) => {
    const anne = await signup(app(), { firstname: "Anne", lastname: "Petit" })
    const marc = await signup(app(), { firstname: "Marc", lastname: "Durand" })
    const paul = await signup(app(), { firstname: "Paul", lastname: "Martin" })
    const eve = await signup(app(), { firstname: "Eve", lastname: "Roux" })
    const olga = await signup(app(), { firstname: "Olga", lastname: "Zed" })
    const cluster = await createCluster(app(), anne, { name: "CUMA des Blés" })
    await addMember(app(), cluster, marc.id, acceptorRights)
    await addMember(app(), cluster, paul.id, paulRights)
    await addMember(app(), cluster, eve.id, memberRights)
    const t1 = await addMachine(app(), cluster, "Tracteur 1")
    const t2 = await addMachine(app(), cluster, "Tracteur 2")
    return { anne, marc, paul, eve, olga, cluster, t1, t2 }
  }

  const put = (who: Person | undefined, machineId: string, body: unknown) =>
    send(app(), who, "PUT", `/api/v2/machines/${machineId}/booking`, body)
  const move = (who: Person | undefined, id: string, action: "accept" | "refuse" | "cancel") =>
    send(app(), who, "POST", `/api/v2/booking/${id}/${action}`)
  const get = (who: Person | undefined, id: string) => send(app(), who, "GET", `/api/v2/booking/${id}`)
  const list = (who: Person | undefined, query = "") => send(app(), who, "GET", `/api/v2/booking${query}`)

  /** The booking notifications each person holds: kind and booking id, oldest first. */
  const bookingNotes = async (userId: string) =>
    (
      await app().sql(
        (sql) => sql<{ kind: string; booking_id: string; read: boolean }>`
          SELECT kind, booking_id, read_date IS NOT NULL AS read FROM notifications
          WHERE user_id = ${userId} AND booking_id IS NOT NULL ORDER BY created_at, id`,
      )
    ).map((r) => ({ kind: r.kind, booking: r.booking_id, read: r.read }))

  /** Rows of the database for one booking: its row count and its resource rows. */
  const rowsOf = async (id: string) => ({
    bookings: (
      await app().sql((sql) => sql<{ n: number }>`SELECT count(*)::int AS n FROM bookings WHERE id = ${id}`)
    )[0].n,
    resources: await app().sql(
      (sql) => sql<{ position: number; active: boolean }>`SELECT position, active FROM booking_resources
        WHERE booking_id = ${id} ORDER BY position`,
    ),
  })

  return { fixture, put, move, get, list, bookingNotes, rowsOf }
}

/** The French bodies of the refusals the booking tests expect. */
export const refusal = (tag: string, code: string, message: string) => ({ _tag: tag, code, message })
export const bookingForbidden = refusal(
  "Forbidden",
  "forbidden",
  "Vous ne possédez pas les droits pour effectuer ceci.",
)
export const bookingNotFound = refusal("NotFound", "notFound", "Cette ressource est introuvable")

export type { Person }
