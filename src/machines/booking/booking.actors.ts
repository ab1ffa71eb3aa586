import type { BookingMove } from "../../schema/booking"
import type { BookingId } from "../../schema/ids"
import { lazyEffect } from "../../services/lazy"
import { bookingMachine } from "./booking"

export const liveBookingMachine = bookingMachine.provide({
  actors: {
    loadBooking: lazyEffect((live, id: BookingId) => live.bookings.get(id)),
    moveBooking: lazyEffect((live, { id, move }: { id: BookingId; move: BookingMove }) =>
      live.bookings[move](id),
    ),
  },
})
