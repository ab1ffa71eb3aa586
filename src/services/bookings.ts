import { Effect } from "effect"
import { BookingsGroup } from "../schema/api.bookings"
import type { BookingInput, BookingQuery } from "../schema/booking"
import type { BookingId, ClusterId, MachineId } from "../schema/ids"
import { clientOf } from "./apiClient"

/** The planning calls the charts invoke (SPEC §7 `GET /booking`, `PUT /machines/{id}/booking`, and the moves). */
const api = clientOf(BookingsGroup)

export const list = (query: BookingQuery) => Effect.flatMap(api, (c) => c.bookings.list({ urlParams: query }))

export const get = (id: BookingId) => Effect.flatMap(api, (c) => c.bookings.get({ path: { id } }))

/** Creates or edits `input.id`; `machine` is one of its resources (the first machine, by convention). */
export const put = (machine: MachineId, input: BookingInput) =>
  Effect.flatMap(api, (c) => c.bookings.put({ path: { id: machine }, payload: input }))

/** The fields a booking in the structure may name. */
export const fields = (cluster: ClusterId) =>
  Effect.flatMap(api, (c) => c.bookings.fields({ path: { id: cluster } }))
export const accept = (id: BookingId) => Effect.flatMap(api, (c) => c.bookings.accept({ path: { id } }))
export const refuse = (id: BookingId) => Effect.flatMap(api, (c) => c.bookings.refuse({ path: { id } }))
export const cancel = (id: BookingId) => Effect.flatMap(api, (c) => c.bookings.cancel({ path: { id } }))
