import type { SqlClient, Statement } from "@effect/sql"
import { Effect, Schema } from "effect"
import { BookingGeometry, BookingLocation, BookingStatus } from "../../src/schema/booking"
import { FilterName } from "../../src/schema/catalogue"
import { FieldId, FilterEntryId } from "../../src/schema/ids"
import { userLabel } from "../../src/schema/user"
import { DateColumn, JsonColumn } from "../db/columns"
import { decodeAll } from "../db/decode"
import type { StoredBooking } from "./model"

// Rows of bookings as SQL gives them, and how they are read.

const Name = Schema.NullOr(Schema.String)

/** A booked resource as `selectBookings` aggregates it: a machine or a person, named. */
const ResourceColumns = Schema.Struct({
  machine_id: Name,
  employee_id: Name,
  machine: Name,
  firstname: Name,
  lastname: Name,
  name: Name,
})

/** A named field as `selectBookings` aggregates it. */
const FieldColumns = Schema.Struct({ id: Schema.String, name: Schema.String, area_ha: Schema.Number })

const BookingRow = Schema.Struct({
  id: Schema.String,
  cluster_id: Schema.String,
  cluster_name: Schema.String,
  resources: Schema.NullOr(JsonColumn(Schema.Array(ResourceColumns))),
  fields: Schema.NullOr(JsonColumn(Schema.Array(FieldColumns))),
  user_id: Schema.String,
  u_firstname: Schema.String,
  u_lastname: Schema.String,
  u_name: Name,
  requested_by: Schema.String,
  r_firstname: Schema.String,
  r_lastname: Schema.String,
  r_name: Name,
  start_date: DateColumn,
  end_date: DateColumn,
  comments: Schema.String,
  // Stored after the contract decoded them: read as they are (their refinements still hold).
  location: Schema.NullOr(JsonColumn(Schema.typeSchema(BookingLocation))),
  geometry: Schema.NullOr(JsonColumn(Schema.typeSchema(BookingGeometry))),
  product_type_id: Schema.NullOr(FilterEntryId),
  product_type_name: Schema.NullOr(JsonColumn(FilterName)),
  status: BookingStatus,
  decided_by: Name,
  d_firstname: Name,
  d_lastname: Name,
  d_name: Name,
  created_at: DateColumn,
  updated_at: DateColumn,
})

export const person = (firstname: string | null, lastname: string | null, name: string | null) => ({
  firstname: firstname ?? "",
  lastname: lastname ?? "",
  name,
})

const toStored = (r: typeof BookingRow.Type): StoredBooking => ({
  id: r.id,
  clusterId: r.cluster_id,
  clusterName: r.cluster_name,
  resources: (r.resources ?? []).map((x) =>
    x.machine_id !== null
      ? { kind: "machine", id: x.machine_id, name: x.machine ?? "" }
      : {
          kind: "employee",
          id: x.employee_id ?? "",
          name: userLabel(person(x.firstname, x.lastname, x.name)),
        },
  ),
  fields: (r.fields ?? []).map((f) => ({ id: FieldId.make(f.id), name: f.name, areaHa: f.area_ha })),
  user: { id: r.user_id, ...person(r.u_firstname, r.u_lastname, r.u_name) },
  requestedBy: { id: r.requested_by, ...person(r.r_firstname, r.r_lastname, r.r_name) },
  start: r.start_date,
  end: r.end_date,
  comments: r.comments,
  location: r.location,
  geometry: r.geometry,
  productType:
    r.product_type_id === null || r.product_type_name === null
      ? null
      : { id: r.product_type_id, name: r.product_type_name },
  status: r.status,
  decidedBy: r.decided_by === null ? null : person(r.d_firstname, r.d_lastname, r.d_name),
  createdAt: r.created_at,
  updatedAt: r.updated_at,
})

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
  sql`
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
        GROUP BY br.booking_id),
      worked AS (
        SELECT bf.booking_id,
               json_agg(json_build_object('id', f.id, 'name', f.name, 'area_ha', f.area_ha)
                 ORDER BY bf.position) AS fields
        FROM picked p
        JOIN booking_fields bf ON bf.booking_id = p.id
        JOIN fields f ON f.id = bf.field_id
        GROUP BY bf.booking_id)
      SELECT b.id, b.cluster_id, c.name AS cluster_name, named.resources, worked.fields,
             b.user_id, u.firstname AS u_firstname, u.lastname AS u_lastname, u.name AS u_name,
             b.requested_by, r.firstname AS r_firstname, r.lastname AS r_lastname, r.name AS r_name,
             b.start_date, b.end_date, b.comments, b.location, b.geometry,
             b.product_type_id, pt.name AS product_type_name, b.status,
             b.decided_by, d.firstname AS d_firstname, d.lastname AS d_lastname, d.name AS d_name,
             b.created_at, b.updated_at
      FROM picked b
      LEFT JOIN named ON named.booking_id = b.id
      LEFT JOIN worked ON worked.booking_id = b.id
      JOIN clusters c ON c.id = b.cluster_id
      JOIN users u ON u.id = b.user_id
      JOIN users r ON r.id = b.requested_by
      LEFT JOIN users d ON d.id = b.decided_by
      LEFT JOIN filter_entries pt ON pt.id = b.product_type_id
      ${suffix}`.pipe(
    decodeAll(BookingRow),
    Effect.map((rows) => rows.map(toStored)),
  )
