import { createFileRoute } from "@tanstack/react-router"
import { Schema } from "effect"
import { BookingId } from "../../schema/ids"
import { ActionBookingPage } from "../../views/booking/ActionBookingPage"

/** An instant in a link: epoch milliseconds or an ISO date; anything unreadable is dropped. */
const Instant = Schema.Union(Schema.Number, Schema.String)
const when = (v: number | string | undefined): number | undefined => {
  if (v === undefined) return undefined
  const ms = typeof v === "number" ? v : /^\d+$/.test(v) ? Number(v) : Date.parse(v)
  return Number.isFinite(ms) ? ms : undefined
}

/** ?booking= opens one; otherwise ?machine=, ?employee=, ?cluster=, ?start=, ?end= prefill the form. */
const ActionBookingSearch = Schema.Struct({
  booking: Schema.optional(BookingId),
  machine: Schema.optional(Schema.UUID),
  employee: Schema.optional(Schema.UUID),
  cluster: Schema.optional(Schema.UUID),
  start: Schema.optional(Instant),
  end: Schema.optional(Instant),
})

export const Route = createFileRoute("/_shell/ActionBooking")({
  validateSearch: Schema.standardSchemaV1(ActionBookingSearch),
  component: ActionBookingRoute,
})

function ActionBookingRoute() {
  const search = Route.useSearch()
  return (
    <ActionBookingPage
      booking={search.booking}
      prefill={{
        machine: search.machine,
        employee: search.employee,
        cluster: search.cluster,
        start: when(search.start),
        end: when(search.end),
      }}
    />
  )
}
