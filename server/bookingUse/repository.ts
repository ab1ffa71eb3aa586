import { SqlClient } from "@effect/sql"
import { Effect, Schema } from "effect"
import { BookingStatus } from "../../src/schema/booking"
import { decodeAll, IdRow } from "../db/decode"
import type { HeldBooking } from "./reconcile"

const iso = (d: Date) => d.toISOString()
const HeldRow = Schema.Struct({
  id: Schema.String,
  start_ms: Schema.Number,
  end_ms: Schema.Number,
  status: BookingStatus,
  machines: Schema.NullOr(Schema.Array(Schema.String)),
})

/** SQL the reconciliation reads besides the bookings' and activities' own (SQL faults are defects). */
export class BookingUseRepo extends Effect.Service<BookingUseRepo>()("BookingUseRepo", {
  effect: Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    return {
      /**
       * The bookings (any status) of `machines` overlapping [from, to), and those named in `ids`,
       * with their booked machines in order.
       */
      bookings: (machines: ReadonlyArray<string>, from: Date, to: Date, ids: ReadonlyArray<string>) =>
        sql`SELECT b.id, extract(epoch FROM b.start_date)::float8 * 1000 AS start_ms,
            extract(epoch FROM b.end_date)::float8 * 1000 AS end_ms, b.status,
            (SELECT array_agg(r.machine_id::text ORDER BY r.position) FROM booking_resources r
              WHERE r.booking_id = b.id AND r.machine_id IS NOT NULL) AS machines
          FROM bookings b
          WHERE ${ids.length === 0 ? sql`false` : sql`b.id IN ${sql.in(ids)}`}
            OR (${
              machines.length === 0
                ? sql`false`
                : sql`EXISTS (SELECT 1 FROM booking_resources r
                  WHERE r.booking_id = b.id AND r.machine_id IN ${sql.in(machines)})`
            }
              AND b.start_date < ${iso(to)}::timestamptz AND b.end_date > ${iso(from)}::timestamptz)
          ORDER BY b.start_date, b.id`.pipe(
          decodeAll(HeldRow),
          Effect.map(
            (rows): ReadonlyArray<HeldBooking> =>
              rows.map((r) => ({
                id: r.id,
                start: r.start_ms,
                end: r.end_ms,
                status: r.status,
                machines: r.machines ?? [],
              })),
          ),
          Effect.orDie,
        ),
      /** The machines of a structure. */
      machinesOf: (clusterId: string) =>
        sql`SELECT id FROM machines WHERE cluster_id = ${clusterId} ORDER BY id`.pipe(
          decodeAll(IdRow),
          Effect.map((rows) => rows.map((r) => r.id)),
          Effect.orDie,
        ),
    }
  }),
}) {}
