import { createFileRoute } from "@tanstack/react-router"
import type { BookingId } from "../../schema/ids"
import { ActionBookingPage } from "../../views/booking/ActionBookingPage"
import { number, oneOf, type Param, searchParams, text, uuid } from "../../views/common/searchParams"

/** An instant in a link: epoch milliseconds or an ISO date; anything unreadable is dropped. */
const Instant = oneOf(number, text)
const when = (v: number | string | undefined): number | undefined => {
  if (v === undefined) return undefined
  const ms = typeof v === "number" ? v : /^\d+$/.test(v) ? Number(v) : Date.parse(v)
  return Number.isFinite(ms) ? ms : undefined
}

/** ?booking= opens one; otherwise ?machine=, ?employee=, ?cluster=, ?start=, ?end= prefill the form. */
const ActionBookingSearch = searchParams({
  booking: uuid as Param<BookingId>,
  machine: uuid,
  employee: uuid,
  cluster: uuid,
  start: Instant,
  end: Instant,
})

export const Route = createFileRoute("/_shell/ActionBooking")({
  staticData: {
    namespaces: [
      "clusters",
      "membership",
      "counters",
      "booking",
      "dateTime",
      "fields",
      "planning",
      "activities",
    ],
  },
  validateSearch: ActionBookingSearch,
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
