import type { SqlClient } from "@effect/sql"
import { Effect } from "effect"
import type { BookingsRepo } from "./repository"
import { type BookingWrite, iso, namedResources } from "./rows"
import { isActive, type Resource } from "./rules"

type Repo = (typeof BookingsRepo)["Service"]

/**
 * Two transactions inserting overlapping rows of one resource deadlock inside the exclusion
 * constraint: each inserts its row, then its check finds the other's uncommitted row and waits for
 * that transaction to end (SQLSTATE 40P01 under load). So every write of `booking_resources` first
 * takes a transaction-scoped advisory lock per resource it adds, removes or re-checks, all in one
 * ascending key order: writers of a common resource queue, and the later one's check then meets a
 * committed row (23P01, a plain conflict). Advisory rather than row locks on machines and users: those
 * would also hold up every unrelated update of the person or the machine. The two-key form keeps them
 * apart from the single-key locks of server/auth/throttle.ts; two resources sharing a key only queue.
 */
const resourceLockSpace = 0x426b6e67 // "Bkng"
const lockKey = (id: string) => {
  const hex = id.replace(/-/g, "").padEnd(32, "0")
  let key = 0
  for (let i = 0; i < 32; i += 8) key ^= Number.parseInt(hex.slice(i, i + 8), 16)
  return key | 0
}

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

  /** Taken once the booking row is written or locked: the booking row first, then its resources, everywhere. */
  const lockResources = (ids: ReadonlyArray<string>) =>
    Effect.forEach(
      [...new Set(ids.map(lockKey))].sort((a, b) => a - b),
      (key) => sql`SELECT pg_advisory_xact_lock(${resourceLockSpace}::int, ${key}::int)::text`,
      { discard: true },
    )
  const idsOf = (resources: ReadonlyArray<Resource>) => resources.map((r) => r.id as string)
  /** Those it holds now as well as those it will hold: removing a row also makes other checks wait. */
  const lockHeldAnd = (bookingId: string, adding: ReadonlyArray<Resource>) =>
    sql<{ resource: string }>`SELECT resource FROM booking_resources WHERE booking_id = ${bookingId}`.pipe(
      Effect.flatMap((held) => lockResources([...held.map((r) => r.resource), ...idsOf(adding)])),
    )

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
        Effect.zipRight(lockResources(idsOf(b.resources))),
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
        Effect.zipRight(lockHeldAnd(b.id, b.resources)),
        Effect.zipRight(sql`DELETE FROM booking_resources WHERE booking_id = ${b.id}`),
        Effect.zipRight(insertResources(b)),
        Effect.asVoid,
      ),
    move: (id, status, by) =>
      sql`UPDATE bookings SET status = ${status}, decided_by = ${by}, decided_at = now(), updated_at = now()
          WHERE id = ${id}`.pipe(
        Effect.zipRight(lockHeldAnd(id, [])),
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
