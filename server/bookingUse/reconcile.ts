import { DateTime } from "effect"
import { Temporal } from "temporal-polyfill"
import type { Activity } from "../../src/schema/activity"
import { activityTotals } from "../../src/schema/activityTotals"
import { activeStatuses, type BookingStatus } from "../../src/schema/booking"
import { BookingUse, beyondToleranceSeconds, type UseItem, type UseState } from "../../src/schema/bookingUse"
import { BookingId } from "../../src/schema/ids"

/** A booking as the reconciliation reads it: its period, its machines, its status. */
export interface HeldBooking {
  readonly id: string
  readonly start: number
  readonly end: number
  readonly machines: ReadonlyArray<string>
  readonly status: BookingStatus
}

const held = (b: HeldBooking) => activeStatuses.includes(b.status)

/** The booking's days in `zone`: from the midnight before its start to the midnight after its end. */
export const daysOf = (b: Pick<HeldBooking, "start" | "end">, zone: string) => {
  const day = (ms: number) =>
    Temporal.Instant.fromEpochMilliseconds(ms).toZonedDateTimeISO(zone).toPlainDate()
  const from = day(b.start).toZonedDateTime({ timeZone: zone }).epochMilliseconds
  const to = day(Math.max(b.start, b.end - 1))
    .add({ days: 1 })
    .toZonedDateTime({ timeZone: zone }).epochMilliseconds
  return { from, to }
}

const startOf = (a: Activity) => DateTime.toEpochMillis(a.start)
const endOf = (a: Activity) => DateTime.toEpochMillis(a.end)

/** Seconds of the activity outside [start, end). */
const outside = (a: Activity, b: Pick<HeldBooking, "start" | "end">) => {
  const overlap = Math.max(0, Math.min(endOf(a), b.end) - Math.max(startOf(a), b.start))
  return Math.max(0, (endOf(a) - startOf(a) - overlap) / 1000)
}

/** The time between the activity and the booking (0 when they overlap). */
const gap = (a: Activity, b: HeldBooking) => Math.max(0, b.start - endOf(a), startOf(a) - b.end)

export const itemOf = (a: Activity, outsideSeconds: number): UseItem => ({
  activity: a.id,
  machine: { id: a.machine.id, name: a.machine.name },
  start: a.start,
  end: a.end,
  durationSeconds: a.durationSeconds,
  workSeconds: a.seconds.fieldWork,
  areaHa: a.areaHa,
  fields: a.fields.map((f) => f.name),
  member: a.member,
  outsideSeconds,
})

export interface Reconciled {
  /** Per booking given, its use. */
  readonly uses: ReadonlyMap<string, BookingUse>
  /** The work of the machines no held booking explains (nor any held booking's days). */
  readonly unbooked: ReadonlyArray<UseItem>
}

/**
 * Sorts the activities of some machines between the bookings given (docs/booking-use.md):
 * - an activity in a held booking (the engine's: the one it overlaps most) is matched to it, its
 *   part outside the period counted beyond it;
 * - an activity in no held booking, on the days of held bookings of its machine, is beyond the
 *   nearest of them (ties: the earliest, then by id);
 * - any other is use without booking.
 * A booking's state then follows from what it got, the tolerance and `now`.
 */
export const reconcile = (
  bookings: ReadonlyArray<HeldBooking>,
  activities: ReadonlyArray<Activity>,
  zone: string,
  now: number,
): Reconciled => {
  const byId = new Map(bookings.map((b) => [b.id, b]))
  const matched = new Map<string, Activity[]>(bookings.map((b) => [b.id, []]))
  const beyond = new Map<string, Activity[]>(bookings.map((b) => [b.id, []]))
  const unbooked: UseItem[] = []
  const active = bookings
    .filter(held)
    .map((b) => ({ b, days: daysOf(b, zone) }))
    .sort((x, y) => x.b.start - y.b.start || (x.b.id < y.b.id ? -1 : 1))
  const ordered = [...activities].sort((x, y) => startOf(x) - startOf(y) || (x.id < y.id ? -1 : 1))
  for (const a of ordered) {
    const own = a.booking === null ? undefined : byId.get(a.booking)
    if (own && held(own)) {
      matched.get(own.id)?.push(a)
      continue
    }
    let nearest: HeldBooking | undefined
    for (const { b, days } of active) {
      if (!b.machines.includes(a.machine.id)) continue
      if (startOf(a) >= days.to || endOf(a) <= days.from) continue
      if (nearest === undefined || gap(a, b) < gap(a, nearest)) nearest = b
    }
    if (nearest) beyond.get(nearest.id)?.push(a)
    else unbooked.push(itemOf(a, a.durationSeconds))
  }
  const uses = new Map<string, BookingUse>()
  for (const b of bookings) {
    const mine = matched.get(b.id) ?? []
    const extra = beyond.get(b.id) ?? []
    const beyondSeconds =
      mine.reduce((s, a) => s + outside(a, b), 0) + extra.reduce((s, a) => s + a.durationSeconds, 0)
    const state: UseState = !held(b)
      ? "released"
      : beyondSeconds > beyondToleranceSeconds
        ? "beyond"
        : mine.length > 0
          ? "asBooked"
          : now < b.start
            ? "upcoming"
            : now < b.end
              ? "inProgress"
              : "noUse"
    uses.set(
      b.id,
      new BookingUse({
        booking: BookingId.make(b.id),
        state,
        bookedSeconds: (b.end - b.start) / 1000,
        matched: mine.map((a) => itemOf(a, outside(a, b))),
        beyond: extra.map((a) => itemOf(a, a.durationSeconds)),
        beyondSeconds,
        totals: activityTotals(mine),
      }),
    )
  }
  return { uses, unbooked }
}
