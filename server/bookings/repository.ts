import { SqlClient, type Statement } from "@effect/sql"
import type { SqlError } from "@effect/sql/SqlError"
import { Context, Effect, Layer } from "effect"
import { activeStatuses, type BookedResource, type BookingStatus } from "../../src/schema/booking"
import { grants as knownGrants } from "../../src/schema/rights"
import { partiesOf } from "./parties"
import type { BookingWrite, CallerAccess, Holder, ListFilter, StoredBooking } from "./rows"
import { iso, selectBookings } from "./rows"
import type { Resource } from "./rules"
import { writesOf } from "./writes"

export type { BookingWrite, CallerAccess, Holder, ListFilter, StoredBooking } from "./rows"

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
    const select = (where: Statement.Fragment, suffix?: Statement.Fragment) =>
      selectBookings(sql, where, suffix)
    return {
      ...partiesOf(sql),
      ...writesOf(sql),
      get: (id) => select(sql`b.id = ${id}`).pipe(Effect.map((rows) => rows[0])),
      lock: (id) =>
        sql`SELECT id FROM bookings WHERE id = ${id} FOR UPDATE`.pipe(
          Effect.orDie,
          Effect.zipRight(select(sql`b.id = ${id}`)),
          Effect.map((rows) => rows[0]),
        ),
      list: (f) => {
        // The same visibility as present.ts seesBooking; a grant counts only if it is a known one.
        const visible = sql`(
            b.cluster_id IN (SELECT cluster_id FROM memberships
                             WHERE user_id = ${f.userId} AND 'seeMachines' = ANY(rights))
            OR b.requested_by = ${f.userId} OR b.user_id = ${f.userId}
            OR EXISTS (SELECT 1 FROM booking_resources x WHERE x.booking_id = b.id AND x.employee_id = ${f.userId})
            OR EXISTS (SELECT 1 FROM booking_resources x
                       JOIN machine_grants g ON g.machine_id = x.machine_id AND g.user_id = ${f.userId}
                       WHERE x.booking_id = b.id AND g.grants && ${`{${knownGrants.join(",")}}`}::text[]))`
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
            f.all ? sql`true` : sql`b.status IN ${sql.in(activeStatuses)}`,
          ]),
          sql`ORDER BY b.start_date, b.created_at, b.id`,
        )
      },
    }
  }),
)
