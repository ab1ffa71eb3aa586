import type { SqlClient } from "@effect/sql"
import { Effect } from "effect"
import type { BookingsRepo } from "./repository"
import { type BookingWrite, iso, namedResources } from "./rows"
import { isActive } from "./rules"

type Repo = (typeof BookingsRepo)["Service"]

/** Writes of bookings (their SQL faults are the caller's to read: 23P01 is a conflict) and conflict naming. */
export const writesOf = (
  sql: SqlClient.SqlClient,
): Pick<Repo, "insert" | "rewrite" | "move" | "conflicts" | "names"> => {
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

  const named = (resources: Parameters<Repo["names"]>[0], where: Parameters<typeof namedResources>[2]) =>
    namedResources(sql, resources, where)
  return {
    insert: (b) =>
      sql`INSERT INTO bookings (id, cluster_id, user_id, requested_by, start_date, end_date, comments,
                                location, geometry, status)
        VALUES (${b.id}, ${b.clusterId}, ${b.user}, ${b.requestedBy}, ${iso(b.start)}::timestamptz,
                ${iso(b.end)}::timestamptz, ${b.comments},
                ${b.location === null ? null : JSON.stringify(b.location)}::jsonb,
                ${b.geometry === null ? null : JSON.stringify(b.geometry)}::jsonb, ${b.status})`.pipe(
        Effect.zipRight(insertResources(b)),
        Effect.asVoid,
      ),
    rewrite: (b, keepDecision) =>
      sql`UPDATE bookings SET user_id = ${b.user}, start_date = ${iso(b.start)}::timestamptz,
            end_date = ${iso(b.end)}::timestamptz, comments = ${b.comments},
            location = ${b.location === null ? null : JSON.stringify(b.location)}::jsonb,
            geometry = ${b.geometry === null ? null : JSON.stringify(b.geometry)}::jsonb,
            status = ${b.status},
            decided_by = CASE WHEN ${keepDecision} THEN decided_by END,
            decided_at = CASE WHEN ${keepDecision} THEN decided_at END,
            updated_at = now()
          WHERE id = ${b.id}`.pipe(
        Effect.zipRight(sql`DELETE FROM booking_resources WHERE booking_id = ${b.id}`),
        Effect.zipRight(insertResources(b)),
        Effect.asVoid,
      ),
    move: (id, status, by) =>
      sql`UPDATE bookings SET status = ${status}, decided_by = ${by}, decided_at = now(), updated_at = now()
          WHERE id = ${id}`.pipe(
        Effect.zipRight(
          sql`UPDATE booking_resources SET active = ${isActive(status)}
              WHERE booking_id = ${id}`,
        ),
        Effect.asVoid,
      ),
    conflicts: (bookingId, resources, start, end) =>
      named(
        resources,
        sql`EXISTS (SELECT 1 FROM booking_resources br
              WHERE br.resource = x.id AND br.active AND br.booking_id <> ${bookingId}
                AND br.during && tstzrange(${iso(start)}::timestamptz, ${iso(end)}::timestamptz, '[)'))`,
      ),
    names: (resources) => named(resources, sql`true`),
  }
}
