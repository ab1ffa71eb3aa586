import type { SqlClient, Statement } from "@effect/sql"
import { Effect } from "effect"
import type {
  BookedResource,
  BookingGeometry,
  BookingLocation,
  BookingStatus,
} from "../../src/schema/booking"
import type { PersonName } from "../../src/schema/membership"
import type { Grant, Right } from "../../src/schema/rights"
import { userLabel } from "../../src/schema/user"
import type { Resource } from "./rules"

// Rows of bookings as SQL gives them, and how they are read.

export interface Person extends PersonName {
  readonly id: string
}

/** A booking as read, before the caller's abilities are added. */
export interface StoredBooking {
  readonly id: string
  readonly clusterId: string
  readonly clusterName: string
  readonly resources: ReadonlyArray<BookedResource>
  readonly user: Person
  readonly requestedBy: Person
  readonly start: Date
  readonly end: Date
  readonly comments: string
  readonly location: BookingLocation | null
  readonly geometry: BookingGeometry | null
  readonly status: BookingStatus
  readonly decidedBy: PersonName | null
  readonly createdAt: Date
  readonly updatedAt: Date
}

/** What a write stores (the resources in their order). */
export interface BookingWrite {
  readonly id: string
  readonly clusterId: string
  readonly user: string
  readonly requestedBy: string
  readonly start: Date
  readonly end: Date
  readonly comments: string
  readonly location: BookingLocation | null
  readonly geometry: BookingGeometry | null
  readonly status: BookingStatus
  readonly resources: ReadonlyArray<Resource>
}

/** Someone's rights in one structure (empty when not a member) and grants on machines. */
export interface Holder {
  readonly userId: string
  readonly member: boolean
  readonly rights: ReadonlyArray<Right>
  readonly grants: ReadonlyMap<string, ReadonlyArray<Grant>>
}

/** Everything the caller holds: rights per structure, grants per machine. */
export interface CallerAccess {
  readonly rights: ReadonlyMap<string, ReadonlyArray<Right>>
  readonly grants: ReadonlyMap<string, ReadonlyArray<Grant>>
}

export interface ListFilter {
  readonly userId: string
  readonly machines: ReadonlyArray<string>
  readonly employees: ReadonlyArray<string>
  readonly cluster: string | undefined
  readonly from: Date
  readonly to: Date
  readonly all: boolean
}

interface Row {
  readonly id: string
  readonly cluster_id: string
  readonly cluster_name: string
  readonly resources: ReadonlyArray<{
    machine_id: string | null
    employee_id: string | null
    machine: string | null
    firstname: string | null
    lastname: string | null
    name: string | null
  }> | null
  readonly user_id: string
  readonly u_firstname: string
  readonly u_lastname: string
  readonly u_name: string | null
  readonly requested_by: string
  readonly r_firstname: string
  readonly r_lastname: string
  readonly r_name: string | null
  readonly start_date: Date | string
  readonly end_date: Date | string
  readonly comments: string
  readonly location: BookingLocation | string | null
  readonly geometry: BookingGeometry | string | null
  readonly status: BookingStatus
  readonly decided_by: string | null
  readonly d_firstname: string | null
  readonly d_lastname: string | null
  readonly d_name: string | null
  readonly created_at: Date | string
  readonly updated_at: Date | string
}

const json = <A>(v: A | string | null): A | null => (typeof v === "string" ? (JSON.parse(v) as A) : v)
export const person = (firstname: string | null, lastname: string | null, name: string | null) => ({
  firstname: firstname ?? "",
  lastname: lastname ?? "",
  name,
})

const toStored = (r: Row): StoredBooking => ({
  id: r.id,
  clusterId: r.cluster_id,
  clusterName: r.cluster_name,
  resources: (json(r.resources) ?? []).map((x) =>
    x.machine_id !== null
      ? { kind: "machine", id: x.machine_id, name: x.machine ?? "" }
      : {
          kind: "employee",
          id: x.employee_id ?? "",
          name: userLabel(person(x.firstname, x.lastname, x.name)),
        },
  ),
  user: { id: r.user_id, ...person(r.u_firstname, r.u_lastname, r.u_name) },
  requestedBy: { id: r.requested_by, ...person(r.r_firstname, r.r_lastname, r.r_name) },
  start: new Date(r.start_date),
  end: new Date(r.end_date),
  comments: r.comments,
  location: json(r.location),
  geometry: json(r.geometry),
  status: r.status,
  decidedBy: r.decided_by === null ? null : person(r.d_firstname, r.d_lastname, r.d_name),
  createdAt: new Date(r.created_at),
  updatedAt: new Date(r.updated_at),
})

interface NameRow {
  readonly kind: "machine" | "employee"
  readonly id: string
  readonly machine: string | null
  readonly firstname: string | null
  readonly lastname: string | null
  readonly name: string | null
}

export const iso = (d: Date) => d.toISOString()

/**
 * Bookings matching `where` (b is the booking), with their resources, people and structure named.
 * The resources of every matching booking are gathered in one grouped join, not one subquery per booking.
 */
export const selectBookings = (
  sql: SqlClient.SqlClient,
  where: Statement.Fragment,
  suffix: Statement.Fragment = sql``,
) =>
  sql<Row>`
      WITH picked AS (SELECT b.* FROM bookings b WHERE ${where}),
      named AS (
        SELECT br.booking_id,
               json_agg(json_build_object('machine_id', br.machine_id, 'employee_id', br.employee_id,
                 'machine', m.name, 'firstname', e.firstname, 'lastname', e.lastname, 'name', e.name)
                 ORDER BY br.position) AS resources
        FROM picked p
        JOIN booking_resources br ON br.booking_id = p.id
        LEFT JOIN machines m ON m.id = br.machine_id
        LEFT JOIN users e ON e.id = br.employee_id
        GROUP BY br.booking_id)
      SELECT b.id, b.cluster_id, c.name AS cluster_name, named.resources,
             b.user_id, u.firstname AS u_firstname, u.lastname AS u_lastname, u.name AS u_name,
             b.requested_by, r.firstname AS r_firstname, r.lastname AS r_lastname, r.name AS r_name,
             b.start_date, b.end_date, b.comments, b.location, b.geometry, b.status,
             b.decided_by, d.firstname AS d_firstname, d.lastname AS d_lastname, d.name AS d_name,
             b.created_at, b.updated_at
      FROM picked b
      LEFT JOIN named ON named.booking_id = b.id
      JOIN clusters c ON c.id = b.cluster_id
      JOIN users u ON u.id = b.user_id
      JOIN users r ON r.id = b.requested_by
      LEFT JOIN users d ON d.id = b.decided_by
      ${suffix}`.pipe(
    Effect.map((rows) => rows.map(toStored)),
    Effect.orDie,
  )

/** The resources matching `where` (x is the resource), named, in their order. */
export const namedResources = (
  sql: SqlClient.SqlClient,
  resources: ReadonlyArray<Resource>,
  where: Statement.Fragment,
) =>
  sql<NameRow>`
      SELECT x.kind, x.id, m.name AS machine, u.firstname, u.lastname, u.name
      FROM json_to_recordset(${JSON.stringify(
        resources.map((r, position) => ({ position, kind: r.kind, id: r.id })),
      )}::json) AS x(position int, kind text, id uuid)
      LEFT JOIN machines m ON x.kind = 'machine' AND m.id = x.id
      LEFT JOIN users u ON x.kind = 'employee' AND u.id = x.id
      WHERE ${where}
      ORDER BY x.position`.pipe(
    Effect.map((rows) =>
      rows.map(
        (r): BookedResource => ({
          kind: r.kind,
          id: r.id,
          name: r.kind === "machine" ? (r.machine ?? "") : userLabel(person(r.firstname, r.lastname, r.name)),
        }),
      ),
    ),
    Effect.orDie,
  )
