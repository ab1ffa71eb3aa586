import { SqlClient, type Statement } from "@effect/sql"
import { Effect } from "effect"
import { activeStatuses } from "../../src/schema/booking"
import { grants as knownGrants } from "../../src/schema/rights"
import { first } from "../db/decode"
import { productTypesOf } from "../properties/productTypes"
import { bookingFieldsOf } from "./fields"
import type { ListFilter } from "./model"
import { partiesOf } from "./parties"
import { iso, selectBookings } from "./rows"
import { writesOf } from "./writes"

export type { BookingWrite, CallerAccess, Holder, ListFilter, StoredBooking } from "./model"

/** SQL of bookings. SQL faults are defects, except those of writes (the service reads 23P01 there). */
export class BookingsRepo extends Effect.Service<BookingsRepo>()("BookingsRepo", {
  effect: Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const select = (where: Statement.Fragment, suffix?: Statement.Fragment) =>
      selectBookings(sql, where, suffix)
    return {
      ...partiesOf(sql),
      ...writesOf(sql),
      ...bookingFieldsOf(sql),
      productTypeExists: productTypesOf(sql).exists,
      get: (id: string) => select(sql`b.id = ${id}`).pipe(Effect.map(first)),
      /** The booking, its row locked until the transaction ends. */
      lock: (id: string) =>
        sql`SELECT id FROM bookings WHERE id = ${id} FOR UPDATE`.pipe(
          Effect.orDie,
          Effect.zipRight(select(sql`b.id = ${id}`)),
          Effect.map(first),
        ),
      list: (f: ListFilter) => {
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
}) {}
