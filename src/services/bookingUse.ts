import { type DateTime, Effect } from "effect"
import { BookingUseGroup } from "../schema/api.bookingUse"
import type { BookingId, ClusterId } from "../schema/ids"
import { clientOf } from "./apiClient"

const api = clientOf(BookingUseGroup)

/** Bookings reconciled with use (docs/booking-use.md): one booking's, a structure's window. */
export const ofBooking = (id: BookingId, tz: string) =>
  Effect.flatMap(api, (c) => c.bookingUse.ofBooking({ path: { id }, urlParams: { tz } }))

export const planning = (cluster: ClusterId, from: DateTime.Utc, to: DateTime.Utc, tz: string) =>
  Effect.flatMap(api, (c) => c.bookingUse.planning({ urlParams: { cluster, from, to, tz } }))
