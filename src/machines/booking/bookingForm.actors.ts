import { Effect } from "effect"
import type { BookingId, ClusterId } from "../../schema/ids"
import { lazyEffect } from "../../services/lazy"
import { type BookingSave, bookingFormMachine } from "./bookingForm"

/** A new booking's id, chosen once when the form loads: a retried submit edits it instead of booking twice. */
const newId = () => crypto.randomUUID() as BookingId

export const liveBookingFormMachine = bookingFormMachine.provide({
  actors: {
    loadForm: lazyEffect((live, booking: BookingId | null) =>
      Effect.all(
        {
          id: Effect.sync(() => booking ?? newId()),
          clusters: live.clusters.list,
          machines: live.machines.list(),
          booking: booking === null ? Effect.succeed(null) : live.bookings.get(booking),
          productTypes: live.machines.productTypes,
        },
        { concurrency: 4 },
      ),
    ),
    loadMembers: lazyEffect((live, cluster: ClusterId | null) =>
      cluster === null ? Effect.succeed([]) : live.clusters.members(cluster),
    ),
    loadFields: lazyEffect((live, cluster: ClusterId | null) =>
      cluster === null ? Effect.succeed([]) : live.bookings.fields(cluster),
    ),
    saveBooking: lazyEffect((live, save: BookingSave) => live.bookings.put(save.machine, save.input)),
  },
})
