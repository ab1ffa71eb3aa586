import { DateTime } from "effect"
import { Temporal } from "temporal-polyfill"
import type { Activity } from "../../src/schema/activity"
import { activityTotals } from "../../src/schema/activityTotals"
import { activeStatuses, type BookingStatus } from "../../src/schema/booking"
import { BookingUse, beyondToleranceSeconds, type UseItem, type UseState } from "../../src/schema/bookingUse"
import { BookingId, MachineId } from "../../src/schema/ids"
import { bookingOf } from "../activities/engine/figures"

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

const itemOf = ({ a, machine }: MachineUse, outsideSeconds: number): UseItem => ({
  activity: a.id,
  machine: { id: MachineId.make(machine.id), name: machine.name },
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

/** One machine's part in an activity: its own machine's, or an implement's heard with it. */
interface MachineUse {
  readonly a: Activity
  readonly machine: { readonly id: string; readonly name: string }
  /** The held booking it falls in, if any. */
  readonly booking: string | null
}

/**
 * Sorts the activities of some machines between the bookings given (docs/booking-use.md), for the
 * machine that did the work and for each implement heard with it (a booked seeder is used when a
 * tractor works with it):
 * - a machine's part in a held booking is matched to it — the engine's booking for the machine
 *   itself, the one it overlaps most for an implement — its part outside the period beyond it;
 * - a part in no held booking, on the days of held bookings of that machine, is beyond the nearest
 *   of them (ties: the earliest, then by id);
 * - any other is use without booking.
 * An activity counts once per booking, whichever of its machines the booking holds. A booking's
 * state then follows from what it got, the tolerance and `now`.
 */
export const reconcile = (
  bookings: ReadonlyArray<HeldBooking>,
  activities: ReadonlyArray<Activity>,
  zone: string,
  now: number,
): Reconciled => {
  const byId = new Map(bookings.map((b) => [b.id, b]))
  const matched = new Map<string, Map<string, MachineUse>>(bookings.map((b) => [b.id, new Map()]))
  const beyond = new Map<string, Map<string, MachineUse>>(bookings.map((b) => [b.id, new Map()]))
  const unbooked: UseItem[] = []
  const active = bookings
    .filter(held)
    .map((b) => ({ b, days: daysOf(b, zone) }))
    .sort((x, y) => x.b.start - y.b.start || (x.b.id < y.b.id ? -1 : 1))
  const heldOnes = active.map((x) => x.b)
  const ordered = [...activities].sort((x, y) => startOf(x) - startOf(y) || (x.id < y.id ? -1 : 1))
  const parts = ordered.flatMap((a): MachineUse[] => {
    const own = a.booking === null ? undefined : byId.get(a.booking)
    return [
      { a, machine: a.machine, booking: own && held(own) ? own.id : null },
      // An implement is in the booking of it the activity overlaps most, as the engine decides for the machine.
      ...a.auxiliaries.map((x) => ({
        a,
        machine: x,
        booking:
          bookingOf(
            heldOnes.filter((b) => b.machines.includes(x.id)),
            startOf(a),
            endOf(a),
          )?.id ?? null,
      })),
    ]
  })
  const add = (to: Map<string, Map<string, MachineUse>>, booking: string, u: MachineUse) => {
    const list = to.get(booking)
    if (list && !list.has(u.a.id)) list.set(u.a.id, u)
  }
  for (const u of parts) {
    if (u.booking !== null) {
      add(matched, u.booking, u)
      continue
    }
    let nearest: HeldBooking | undefined
    for (const { b, days } of active) {
      if (!b.machines.includes(u.machine.id)) continue
      if (startOf(u.a) >= days.to || endOf(u.a) <= days.from) continue
      if (nearest === undefined || gap(u.a, b) < gap(u.a, nearest)) nearest = b
    }
    if (nearest) add(beyond, nearest.id, u)
    else unbooked.push(itemOf(u, u.a.durationSeconds))
  }
  const uses = new Map<string, BookingUse>()
  for (const b of bookings) {
    const mine = [...(matched.get(b.id)?.values() ?? [])]
    // Work matched to the booking is not beyond it too (another of its machines' part).
    const extra = [...(beyond.get(b.id)?.values() ?? [])].filter((u) => !matched.get(b.id)?.has(u.a.id))
    const beyondSeconds =
      mine.reduce((s, u) => s + outside(u.a, b), 0) + extra.reduce((s, u) => s + u.a.durationSeconds, 0)
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
        matched: mine.map((u) => itemOf(u, outside(u.a, b))),
        beyond: extra.map((u) => itemOf(u, u.a.durationSeconds)),
        beyondSeconds,
        totals: activityTotals(mine.map((u) => u.a)),
      }),
    )
  }
  return { uses, unbooked }
}
