import type { SqlClient, Statement } from "@effect/sql"
import { Effect, Schema } from "effect"
import type { BookedResource, BookingStatus } from "../../src/schema/booking"
import { userLabel } from "../../src/schema/user"
import { decodeAll } from "../db/decode"
import { resourceLocks } from "./locks"
import type { BookingWrite } from "./model"
import { iso, person } from "./rows"
import { isActive, type Resource } from "./rules"

const Name = Schema.NullOr(Schema.String)
const NameRow = Schema.Struct({
  kind: Schema.Literal("machine", "employee"),
  id: Schema.String,
  machine: Name,
  firstname: Name,
  lastname: Name,
  name: Name,
})
/** The resources matching `where` (x is the resource), named, in their order. */
const namedResources = (
  sql: SqlClient.SqlClient,
  resources: ReadonlyArray<Resource>,
  where: Statement.Fragment,
) =>
  sql`
      SELECT x.kind, x.id, m.name AS machine, u.firstname, u.lastname, u.name
      FROM json_to_recordset(${JSON.stringify(
        resources.map((r, position) => ({ position, kind: r.kind, id: r.id })),
      )}::json) AS x(position int, kind text, id uuid)
      LEFT JOIN machines m ON x.kind = 'machine' AND m.id = x.id
      LEFT JOIN users u ON x.kind = 'employee' AND u.id = x.id
      WHERE ${where}
      ORDER BY x.position`.pipe(
    decodeAll(NameRow),
    Effect.map((rows) =>
      rows.map(
        (r): BookedResource => ({
          kind: r.kind,
          id: r.id,
          name: r.kind === "machine" ? (r.machine ?? "") : userLabel(person(r.firstname, r.lastname, r.name)),
        }),
      ),
    ),
  )

/** Writes of bookings (their SQL faults are the caller's to read: 23P01 is a conflict) and conflict naming. */
export const writesOf = (sql: SqlClient.SqlClient) => {
  const insertResources = (b: BookingWrite) =>
    sql`INSERT INTO booking_resources (booking_id, position, machine_id, employee_id, during, active)
      SELECT ${b.id}, x.position, x.machine_id, x.employee_id,
             tstzrange(${iso(b.start)}::timestamptz, ${iso(b.end)}::timestamptz, '[)'),
             ${isActive(b.status)}
      FROM json_to_recordset(${JSON.stringify(
        b.resources.map((r, position) => ({
          position,
          machine_id: r.kind === "machine" ? r.id : null,
          employee_id: r.kind === "employee" ? r.id : null,
        })),
      )}::json) AS x(position int, machine_id uuid, employee_id uuid)`

  const insertFields = (b: BookingWrite) =>
    b.fields.length === 0
      ? Effect.void
      : sql`INSERT INTO booking_fields (booking_id, field_id, position)
          SELECT ${b.id}, x.field_id, x.position
          FROM json_to_recordset(${JSON.stringify(
            b.fields.map((field_id, position) => ({ position, field_id })),
          )}::json) AS x(position int, field_id uuid)`.pipe(Effect.asVoid)

  const { lockResources, lockHeldAnd } = resourceLocks(sql)
  const idsOf = (resources: ReadonlyArray<Resource>) => resources.map((r) => r.id as string)

  const named = (resources: ReadonlyArray<Resource>, where: Statement.Fragment) =>
    namedResources(sql, resources, where)
  return {
    insert: (b: BookingWrite) =>
      sql`INSERT INTO bookings (id, cluster_id, user_id, requested_by, start_date, end_date, comments,
                                location, geometry, product_type_id, status)
        VALUES (${b.id}, ${b.clusterId}, ${b.user}, ${b.requestedBy}, ${iso(b.start)}::timestamptz,
                ${iso(b.end)}::timestamptz, ${b.comments},
                ${b.location === null ? null : JSON.stringify(b.location)}::jsonb,
                ${b.geometry === null ? null : JSON.stringify(b.geometry)}::jsonb, ${b.productType},
                ${b.status})`.pipe(
        Effect.zipRight(lockResources(idsOf(b.resources))),
        Effect.zipRight(insertResources(b)),
        Effect.zipRight(insertFields(b)),
        Effect.asVoid,
      ),
    /** Replaces the booking's content; who decided is kept only when `keepDecision`. */
    rewrite: (b: BookingWrite, keepDecision: boolean) =>
      sql`UPDATE bookings SET user_id = ${b.user}, start_date = ${iso(b.start)}::timestamptz,
            end_date = ${iso(b.end)}::timestamptz, comments = ${b.comments},
            location = ${b.location === null ? null : JSON.stringify(b.location)}::jsonb,
            geometry = ${b.geometry === null ? null : JSON.stringify(b.geometry)}::jsonb,
            product_type_id = ${b.productType}, status = ${b.status},
            decided_by = CASE WHEN ${keepDecision} THEN decided_by END,
            decided_at = CASE WHEN ${keepDecision} THEN decided_at END,
            updated_at = now()
          WHERE id = ${b.id}`.pipe(
        Effect.zipRight(lockHeldAnd(b.id, b.resources)),
        Effect.zipRight(sql`DELETE FROM booking_resources WHERE booking_id = ${b.id}`),
        Effect.zipRight(insertResources(b)),
        Effect.zipRight(sql`DELETE FROM booking_fields WHERE booking_id = ${b.id}`),
        Effect.zipRight(insertFields(b)),
        Effect.asVoid,
      ),
    move: (id: string, status: BookingStatus, by: string) =>
      sql`UPDATE bookings SET status = ${status}, decided_by = ${by}, decided_at = now(), updated_at = now()
          WHERE id = ${id}`.pipe(
        Effect.zipRight(lockHeldAnd(id, [])),
        Effect.zipRight(
          sql`UPDATE booking_resources SET active = ${isActive(status)}
              WHERE booking_id = ${id}`,
        ),
        Effect.asVoid,
      ),
    /** The resources among `resources` that another active booking holds over an overlapping period, named. */
    conflicts: (
      bookingId: string,
      resources: ReadonlyArray<Resource>,
      start: Date,
      end: Date,
    ): Effect.Effect<ReadonlyArray<BookedResource>> =>
      named(
        resources,
        sql`EXISTS (SELECT 1 FROM booking_resources br
              WHERE br.resource = x.id AND br.active AND br.booking_id <> ${bookingId}
                AND br.during && tstzrange(${iso(start)}::timestamptz, ${iso(end)}::timestamptz, '[)'))`,
      ),
    /** The resources, named, in their order. */
    names: (resources: ReadonlyArray<Resource>) => named(resources, sql`true`),
  }
}
