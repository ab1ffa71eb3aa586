import { Schema } from "effect"
import { ActivityPerson, ActivityTotals, TimeZoneName } from "./activity"
import { ActivityId, BookingId, ClusterId, MachineId } from "./ids"
import { BoundedDateTime } from "./validation"

/**
 * Bookings reconciled with use (docs/booking-use.md): what the booked machines did for a booking,
 * what they did beyond it, and what they did without any booking — for the members who accept the
 * bookings of those machines.
 */

/**
 * Where a booking stands against the machines' use:
 * - `asBooked`: its machines worked within it, nothing beyond;
 * - `beyond`: they worked for it, or on its days without a booking, outside its period;
 * - `noUse`: it has ended and its machines did nothing in it;
 * - `upcoming`: it has not started, nothing to say yet; `inProgress`: it runs, nothing done yet;
 * - `released`: refused or cancelled, it holds nothing (its machines' work there is use without booking).
 */
export const UseState = Schema.Literal("asBooked", "beyond", "noUse", "upcoming", "inProgress", "released")
export type UseState = typeof UseState.Type

/**
 * Work shorter than this outside a booking's period is not called "beyond" it: a machine that
 * leaves the field a few minutes after the end has not overrun (docs/booking-use.md).
 */
export const beyondToleranceSeconds = 5 * 60

/** An activity as the reconciliation shows it, with the part of it outside the booking. */
export const UseItem = Schema.Struct({
  activity: ActivityId,
  machine: Schema.Struct({ id: MachineId, name: Schema.String }),
  start: Schema.DateTimeUtc,
  end: Schema.DateTimeUtc,
  durationSeconds: Schema.Number,
  workSeconds: Schema.Number,
  areaHa: Schema.NullOr(Schema.Number),
  /** The fields it worked, by name, in order. */
  fields: Schema.Array(Schema.String),
  member: Schema.NullOr(ActivityPerson),
  /** Seconds of it outside the booking's period (all of it for work without a booking). */
  outsideSeconds: Schema.Number,
})
export type UseItem = typeof UseItem.Type

/** `GET /booking/{id}/use`: the days of the booking are read in `tz`. */
export const BookingUseQuery = Schema.Struct({
  tz: Schema.optionalWith(TimeZoneName, { default: () => "Europe/Paris" }),
})
export type BookingUseQuery = typeof BookingUseQuery.Type

/** One booking against its machines' use. */
export class BookingUse extends Schema.Class<BookingUse>("BookingUse")({
  booking: BookingId,
  state: UseState,
  /** The booked period's length, seconds. */
  bookedSeconds: Schema.Number,
  /** The activities that fall in it (that overlap it most), oldest first. */
  matched: Schema.Array(UseItem),
  /** Its machines' work on its days without any booking, oldest first (all of it is beyond). */
  beyond: Schema.Array(UseItem),
  /** Seconds of work outside the period: the matched activities' parts outside it, and `beyond`. */
  beyondSeconds: Schema.Number,
  /** The matched activities' totals, by the one aggregation (docs/usage.md). */
  totals: ActivityTotals,
}) {}

/** `GET /planning/use`: a structure's window, as the planning shows it, its days read in `tz`. */
export const PlanningUseQuery = Schema.Struct({
  cluster: ClusterId,
  from: BoundedDateTime("badRequest"),
  to: BoundedDateTime("badRequest"),
  tz: Schema.optionalWith(TimeZoneName, { default: () => "Europe/Paris" }),
})
export type PlanningUseQuery = typeof PlanningUseQuery.Type

/** A booking's state in the planning, the seconds beyond it and its machines' work on its days outside it. */
export const PlannedUse = Schema.Struct({
  booking: BookingId,
  state: UseState,
  beyondSeconds: Schema.Number,
  beyond: Schema.Array(UseItem),
})
export type PlannedUse = typeof PlannedUse.Type

/**
 * The use of the machines the caller accepts bookings of, over a window: each held booking's
 * state, and the work done without any booking (nor on a booking's days).
 */
export class PlanningUse extends Schema.Class<PlanningUse>("PlanningUse")({
  bookings: Schema.Array(PlannedUse),
  unbooked: Schema.Array(UseItem),
}) {}
