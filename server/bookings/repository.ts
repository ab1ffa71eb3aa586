import { SqlClient, type Statement } from "@effect/sql"
import type { SqlError } from "@effect/sql/SqlError"
import { Context, Effect, Layer } from "effect"
import type {
  BookedResource,
  BookingGeometry,
  BookingLocation,
  BookingStatus,
} from "../../src/schema/booking"
import type { PersonName } from "../../src/schema/membership"
import { grants as allGrants, rights as allRights, type Grant, type Right } from "../../src/schema/rights"
import { userLabel } from "../../src/schema/user"
import type { Resource } from "./rules"

interface Person extends PersonName {
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
const person = (firstname: string | null, lastname: string | null, name: string | null) => ({
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

const knownRights = (list: ReadonlyArray<string>) => allRights.filter((r) => list.includes(r))
const knownGrants = (list: ReadonlyArray<string>) => allGrants.filter((g) => list.includes(g))
const iso = (d: Date) => d.toISOString()

/** SQL of bookings. SQL faults are defects, except those of writes (the service reads 23P01 there). */
export class BookingsRepo extends Context.Tag("BookingsRepo")<
  BookingsRepo,
  {
    readonly access: (userId: string) => Effect.Effect<CallerAccess>
    readonly machine: (
      id: string,
    ) => Effect.Effect<{ id: string; clusterId: string; name: string } | undefined>
    /** Of `ids`, the machines of the structure. */
    readonly machinesIn: (
      clusterId: string,
      ids: ReadonlyArray<string>,
    ) => Effect.Effect<ReadonlyArray<string>>
    /** Of `ids`, the members of the structure. */
    readonly membersIn: (
      clusterId: string,
      ids: ReadonlyArray<string>,
    ) => Effect.Effect<ReadonlyArray<string>>
    /** Members of the structure and holders of grants on `machineIds`, with what they hold. */
    readonly holders: (
      clusterId: string,
      machineIds: ReadonlyArray<string>,
    ) => Effect.Effect<ReadonlyArray<Holder>>
    readonly get: (id: string) => Effect.Effect<StoredBooking | undefined>
    /** The booking, its row locked until the transaction ends. */
    readonly lock: (id: string) => Effect.Effect<StoredBooking | undefined>
    readonly list: (filter: ListFilter) => Effect.Effect<ReadonlyArray<StoredBooking>>
    readonly insert: (b: BookingWrite) => Effect.Effect<void, SqlError>
    /** Replaces the booking's content; who decided is kept only when `keepDecision`. */
    readonly rewrite: (b: BookingWrite, keepDecision: boolean) => Effect.Effect<void, SqlError>
    readonly move: (id: string, status: BookingStatus, by: string) => Effect.Effect<void, SqlError>
    /** The resources among `resources` that another active booking holds over an overlapping period, named. */
    readonly conflicts: (
      bookingId: string,
      resources: ReadonlyArray<Resource>,
      start: Date,
      end: Date,
    ) => Effect.Effect<ReadonlyArray<BookedResource>>
    /** The resources, named, in their order. */
    readonly names: (resources: ReadonlyArray<Resource>) => Effect.Effect<ReadonlyArray<BookedResource>>
    /** Of `ids`, the people sharing a structure with `userId`. */
    readonly colleagues: (userId: string, ids: ReadonlyArray<string>) => Effect.Effect<ReadonlyArray<string>>
  }
>() {}

export const BookingsRepoLive = Layer.effect(
  BookingsRepo,
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const select = (where: Statement.Fragment, suffix: Statement.Fragment = sql``) =>
      sql<Row>`
        SELECT b.id, b.cluster_id, c.name AS cluster_name,
               (SELECT json_agg(json_build_object('machine_id', br.machine_id, 'employee_id', br.employee_id,
                  'machine', m.name, 'firstname', e.firstname, 'lastname', e.lastname, 'name', e.name)
                  ORDER BY br.position)
                FROM booking_resources br
                LEFT JOIN machines m ON m.id = br.machine_id
                LEFT JOIN users e ON e.id = br.employee_id
                WHERE br.booking_id = b.id) AS resources,
               b.user_id, u.firstname AS u_firstname, u.lastname AS u_lastname, u.name AS u_name,
               b.requested_by, r.firstname AS r_firstname, r.lastname AS r_lastname, r.name AS r_name,
               b.start_date, b.end_date, b.comments, b.location, b.geometry, b.status,
               b.decided_by, d.firstname AS d_firstname, d.lastname AS d_lastname, d.name AS d_name,
               b.created_at, b.updated_at
        FROM bookings b
        JOIN clusters c ON c.id = b.cluster_id
        JOIN users u ON u.id = b.user_id
        JOIN users r ON r.id = b.requested_by
        LEFT JOIN users d ON d.id = b.decided_by
        WHERE ${where} ${suffix}`.pipe(
        Effect.map((rows) => rows.map(toStored)),
        Effect.orDie,
      )

    const insertResources = (b: BookingWrite) =>
      sql`INSERT INTO booking_resources (booking_id, position, machine_id, employee_id, during, active)
        SELECT ${b.id}, x.position, x.machine_id, x.employee_id,
               tstzrange(${iso(b.start)}::timestamptz, ${iso(b.end)}::timestamptz, '[)'),
               ${b.status === "requested" || b.status === "accepted"}
        FROM json_to_recordset(${JSON.stringify(
          b.resources.map((r, position) => ({
            position,
            machine_id: r.kind === "machine" ? r.id : null,
            employee_id: r.kind === "employee" ? r.id : null,
          })),
        )}::json) AS x(position int, machine_id uuid, employee_id uuid)`

    /** The resources matching `where` (x is the resource), named, in their order. */
    const named = (resources: ReadonlyArray<Resource>, where: Statement.Fragment) =>
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
              name:
                r.kind === "machine" ? (r.machine ?? "") : userLabel(person(r.firstname, r.lastname, r.name)),
            }),
          ),
        ),
        Effect.orDie,
      )

    return {
      access: (userId) =>
        Effect.all([
          sql<{ cluster_id: string; rights: ReadonlyArray<string> }>`
            SELECT cluster_id, rights FROM memberships WHERE user_id = ${userId}`,
          sql<{ machine_id: string; grants: ReadonlyArray<string> }>`
            SELECT machine_id, grants FROM machine_grants WHERE user_id = ${userId}`,
        ]).pipe(
          Effect.map(([ms, gs]) => ({
            rights: new Map(ms.map((m) => [m.cluster_id, knownRights(m.rights)])),
            grants: new Map(gs.map((g) => [g.machine_id, knownGrants(g.grants)])),
          })),
          Effect.orDie,
        ),
      machine: (id) =>
        sql<{ id: string; cluster_id: string; name: string }>`
          SELECT id, cluster_id, name FROM machines WHERE id = ${id}`.pipe(
          Effect.map((rows) =>
            rows[0] ? { id: rows[0].id, clusterId: rows[0].cluster_id, name: rows[0].name } : undefined,
          ),
          Effect.orDie,
        ),
      machinesIn: (clusterId, ids) =>
        ids.length === 0
          ? Effect.succeed([])
          : sql<{
              id: string
            }>`SELECT id FROM machines WHERE cluster_id = ${clusterId} AND id IN ${sql.in(ids)}`.pipe(
              Effect.map((rows) => rows.map((r) => r.id)),
              Effect.orDie,
            ),
      membersIn: (clusterId, ids) =>
        ids.length === 0
          ? Effect.succeed([])
          : sql<{ user_id: string }>`SELECT user_id FROM memberships
              WHERE cluster_id = ${clusterId} AND user_id IN ${sql.in(ids)}`.pipe(
              Effect.map((rows) => rows.map((r) => r.user_id)),
              Effect.orDie,
            ),
      holders: (clusterId, machineIds) =>
        Effect.all([
          sql<{ user_id: string; rights: ReadonlyArray<string> }>`
            SELECT user_id, rights FROM memberships WHERE cluster_id = ${clusterId}`,
          machineIds.length === 0
            ? Effect.succeed([])
            : sql<{ user_id: string; machine_id: string; grants: ReadonlyArray<string> }>`
                SELECT user_id, machine_id, grants FROM machine_grants WHERE machine_id IN ${sql.in(machineIds)}`,
        ]).pipe(
          Effect.map(([ms, gs]) => {
            const byUser = new Map<
              string,
              { member: boolean; rights: ReadonlyArray<Right>; grants: Map<string, ReadonlyArray<Grant>> }
            >()
            for (const m of ms)
              byUser.set(m.user_id, { member: true, rights: knownRights(m.rights), grants: new Map() })
            for (const g of gs) {
              const h = byUser.get(g.user_id) ?? { member: false, rights: [], grants: new Map() }
              h.grants.set(g.machine_id, knownGrants(g.grants))
              byUser.set(g.user_id, h)
            }
            return [...byUser].map(([userId, h]) => ({ userId, ...h }))
          }),
          Effect.orDie,
        ),
      get: (id) => select(sql`b.id = ${id}`).pipe(Effect.map((rows) => rows[0])),
      lock: (id) =>
        sql`SELECT id FROM bookings WHERE id = ${id} FOR UPDATE`.pipe(
          Effect.orDie,
          Effect.zipRight(select(sql`b.id = ${id}`)),
          Effect.map((rows) => rows[0]),
        ),
      list: (f) => {
        const visible = sql`(
            b.cluster_id IN (SELECT cluster_id FROM memberships
                             WHERE user_id = ${f.userId} AND 'seeMachines' = ANY(rights))
            OR b.requested_by = ${f.userId} OR b.user_id = ${f.userId}
            OR EXISTS (SELECT 1 FROM booking_resources x WHERE x.booking_id = b.id AND x.employee_id = ${f.userId})
            OR EXISTS (SELECT 1 FROM booking_resources x
                       JOIN machine_grants g ON g.machine_id = x.machine_id AND g.user_id = ${f.userId}
                       WHERE x.booking_id = b.id AND cardinality(g.grants) > 0))`
        const touching =
          f.machines.length === 0 && f.employees.length === 0
            ? sql`true`
            : sql`EXISTS (SELECT 1 FROM booking_resources x WHERE x.booking_id = b.id AND (
                ${f.machines.length === 0 ? sql`false` : sql`x.machine_id IN ${sql.in(f.machines)}`}
                OR ${f.employees.length === 0 ? sql`false` : sql`x.employee_id IN ${sql.in(f.employees)}`}))`
        return select(
          sql.and([
            visible,
            touching,
            f.cluster === undefined ? sql`true` : sql`b.cluster_id = ${f.cluster}`,
            sql`b.start_date < ${iso(f.to)}::timestamptz AND b.end_date > ${iso(f.from)}::timestamptz`,
            f.all ? sql`true` : sql`b.status IN ('requested', 'accepted')`,
          ]),
          sql`ORDER BY b.start_date, b.created_at, b.id`,
        )
      },
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
            sql`UPDATE booking_resources SET active = ${status === "requested" || status === "accepted"}
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
      colleagues: (userId, ids) =>
        ids.length === 0
          ? Effect.succeed([])
          : sql<{ user_id: string }>`SELECT DISTINCT o.user_id FROM memberships o
              JOIN memberships me ON me.cluster_id = o.cluster_id AND me.user_id = ${userId}
              WHERE o.user_id IN ${sql.in(ids)}`.pipe(
              Effect.map((rows) => rows.map((r) => r.user_id)),
              Effect.orDie,
            ),
    }
  }),
)
