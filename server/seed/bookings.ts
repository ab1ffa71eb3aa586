import { SqlClient } from "@effect/sql"
import { Effect } from "effect"
import type { UserRow } from "../auth/users"
import { decodeSingle, IdRow } from "../db/decode"

const day = 86_400_000
const hour = 3_600_000

/** 00:00 UTC of the day holding `now`. */
const midnightOf = (now: Date) => Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())

type Resource = { readonly machine: string } | { readonly employee: string }

interface DemoBooking {
  /** Day from the seeding day (-1 = yesterday), start and end hours (UTC). */
  readonly day: number
  readonly from: number
  readonly to: number
  readonly by: UserRow
  readonly resources: ReadonlyArray<Resource>
  readonly accepted: boolean
  readonly comments?: string
  readonly location?: string
}

/**
 * Demo bookings of the CUMA around the seeding day (the two days before, then over the next week), so
 * whatever the day of the week the red ones can still be accepted: some accepted by the demo
 * person (green), some still requested (red, the demo person is notified),
 * one to three resources in order. No resource is booked twice at once (the database refuses it).
 * `machines` are the tractor, the combine harvester and the seeder; `others` Paul, Claire and Luc (employee).
 */
export const seedBookings = (
  cuma: string,
  machines: ReadonlyArray<string>,
  demo: UserRow,
  others: ReadonlyArray<UserRow>,
  now: Date = new Date(),
) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const [tractor, combine, seeder] = machines
    const [paul, claire, luc] = others
    if (!tractor || !combine || !seeder || !paul || !claire || !luc) return 0
    const bookings: ReadonlyArray<DemoBooking> = [
      // Two days ago the seeder, yesterday morning the tractor: what they did shows against them
      // (docs/booking-use.md) — the tractor's day runs past 11:00, the seeder is heard behind it.
      { day: -2, from: 8, to: 12, by: claire, resources: [{ machine: seeder }], accepted: true },
      { day: -1, from: 7, to: 11, by: paul, resources: [{ machine: tractor }], accepted: true },
      {
        day: 1,
        from: 12,
        to: 17,
        by: paul,
        resources: [{ machine: combine }, { employee: luc.id }],
        accepted: false,
        location: "Parcelle des Grands Champs, Bonneval",
      },
      { day: 2, from: 13, to: 16, by: claire, resources: [{ machine: seeder }], accepted: false },
      {
        day: 5,
        from: 7,
        to: 16,
        by: demo,
        resources: [{ machine: seeder }, { machine: tractor }, { employee: luc.id }],
        accepted: true,
        comments: "Semis d'orge d'hiver : prévoir deux big-bags de semences.",
      },
      { day: 7, from: 8, to: 11, by: claire, resources: [{ machine: tractor }], accepted: false },
    ]
    const base = midnightOf(now)
    for (const b of bookings) {
      const start = new Date(base + b.day * day + b.from * hour).toISOString()
      const end = new Date(base + b.day * day + b.to * hour).toISOString()
      const status = b.accepted ? "accepted" : "requested"
      const decider = b.accepted ? demo.id : null
      const row = yield* sql`INSERT INTO bookings
          (id, cluster_id, user_id, requested_by, start_date, end_date, comments, location, status, decided_by, decided_at)
        VALUES (gen_random_uuid(), ${cuma}, ${b.by.id}, ${b.by.id}, ${start}::timestamptz, ${end}::timestamptz,
                ${b.comments ?? ""}, ${b.location ? JSON.stringify({ label: b.location, point: null }) : null}::jsonb,
                ${status}, ${decider}, ${b.accepted ? now.toISOString() : null}::timestamptz)
        RETURNING id`.pipe(decodeSingle(IdRow))
      for (const [position, r] of b.resources.entries())
        yield* sql`INSERT INTO booking_resources (booking_id, position, machine_id, employee_id, during, active)
          VALUES (${row.id}, ${position}, ${"machine" in r ? r.machine : null}, ${"employee" in r ? r.employee : null},
                  tstzrange(${start}::timestamptz, ${end}::timestamptz), true)`
      if (!b.accepted && b.by.id !== demo.id)
        yield* sql`INSERT INTO notifications (user_id, kind, cluster_id, actor_id, booking_id)
          VALUES (${demo.id}, 'bookingRequested', ${cuma}, ${b.by.id}, ${row.id})`
    }
    return bookings.length
  }).pipe(Effect.orDie)

/**
 * Once the fields are there: each demo booking of the CUMA names one or two fields of the member
 * it was asked by (the booking form offers the fields of the structure's members).
 */
export const seedBookingFields = (cuma: string) =>
  Effect.flatMap(
    SqlClient.SqlClient,
    (sql) => sql`INSERT INTO booking_fields (booking_id, field_id, position)
      SELECT b.id, picked.id, picked.position
      FROM bookings b
      CROSS JOIN LATERAL (
        SELECT f.id, (row_number() OVER (ORDER BY f.name) - 1)::smallint AS position
        FROM fields f
        JOIN memberships m ON m.user_id = f.owner_id AND m.cluster_id = b.cluster_id
        WHERE f.owner_id = b.requested_by
        ORDER BY f.name
        LIMIT CASE WHEN b.comments = '' THEN 1 ELSE 2 END) AS picked
      WHERE b.cluster_id = ${cuma}`,
  ).pipe(Effect.orDie)
