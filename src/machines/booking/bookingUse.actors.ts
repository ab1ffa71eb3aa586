import { DateTime } from "effect"
import type { BookingId, ClusterId } from "../../schema/ids"
import { lazyEffect } from "../../services/lazy"
import { bookingUseMachine, type UseAnswer, type UseAsk } from "./bookingUse"

/** Bookings reconciled with use, with its calls bound: a booking's, or a planning window's. */
export const liveBookingUseMachine = bookingUseMachine.provide({
  actors: {
    loadUse: lazyEffect<UseAnswer, UseAsk>((live, ask) =>
      ask.kind === "booking"
        ? live.bookingUse.ofBooking(ask.booking as BookingId, ask.tz)
        : live.bookingUse.planning(
            ask.cluster as ClusterId,
            DateTime.unsafeMake(ask.from),
            DateTime.unsafeMake(ask.to),
            ask.tz,
          ),
    ),
  },
})
