import type { ScheduleEventData } from "@mantine/schedule"
import { DateTime } from "effect"
import type { Booking } from "../../schema/booking"
import type { UseItem } from "../../schema/bookingUse"
import type { MachineSummary } from "../../schema/machine"
import type { Member } from "../../schema/membership"
import { userLabel } from "../../schema/user"

/** SPEC §9: accepted green, not accepted red (refused and cancelled greyed). */
export const bookingColor = (b: Booking): "green" | "red" | "gray" =>
  b.status === "accepted" ? "green" : b.status === "requested" ? "red" : "gray"

/** Refused or cancelled: shown greyed, struck through, with the status in words. */
export const isClosed = (b: Booking): boolean => b.status === "refused" || b.status === "cancelled"

/** The booked resources in their order: "Tracteur 1 → Jean Dupont". */
export const bookingTitle = (b: Booking): string => b.resources.map((r) => r.name).join(" → ")

export interface BookingPayload {
  readonly booking: Booking
}

/** Work a machine did outside its bookings (docs/booking-use.md), shown to the acceptors. */
export interface UsePayload {
  readonly use: UseItem
  /** On a booking's days, beyond it (else: without any booking). */
  readonly beyond: boolean
}

export const isUse = (payload: unknown): payload is UsePayload =>
  typeof payload === "object" && payload !== null && "use" in payload

/**
 * The work outside bookings as events, light orange, on the machine's row when by resource;
 * `title` names it (with its machine in the calendar, where no row says it).
 */
export const toUseEvents = (
  outside: ReadonlyArray<UsePayload>,
  byResource: boolean,
  title: (u: UsePayload) => string,
): ScheduleEventData<UsePayload>[] =>
  outside.map((u) => ({
    id: `use:${u.use.activity}:${u.use.machine.id}`,
    ...(byResource ? { resourceId: u.use.machine.id } : {}),
    title: title(u),
    start: DateTime.toDate(u.use.start),
    end: DateTime.toDate(u.use.end),
    color: "orange",
    variant: "light" as const,
    payload: u,
  }))

const base = (b: Booking) => ({
  title: bookingTitle(b),
  start: DateTime.toDate(b.start_date),
  end: DateTime.toDate(b.end_date),
  color: bookingColor(b),
  variant: isClosed(b) ? ("light" as const) : ("filled" as const),
  payload: { booking: b },
})

export const toEvents = (bookings: ReadonlyArray<Booking>): ScheduleEventData<BookingPayload>[] =>
  bookings.map((b) => ({ id: b.id, ...base(b) }))

/** By resource: one event per booked resource, on that resource's row. */
export const toResourceEvents = (bookings: ReadonlyArray<Booking>): ScheduleEventData<BookingPayload>[] =>
  bookings.flatMap((b) => b.resources.map((r) => ({ id: `${b.id}:${r.id}`, resourceId: r.id, ...base(b) })))

/**
 * The rows of the by-resource reading: the filtered machines (or all of the structure's), then the
 * filtered employees and every employee booked in the window.
 */
export const resourceRows = (
  machines: ReadonlyArray<MachineSummary>,
  members: ReadonlyArray<Member>,
  bookings: ReadonlyArray<Booking>,
  filter: { machines: ReadonlyArray<string>; employees: ReadonlyArray<string> },
): Array<{ id: string; label: string }> => {
  const shownMachines =
    filter.machines.length > 0 ? machines.filter((m) => filter.machines.includes(m.id)) : machines
  const booked = new Set(
    bookings.flatMap((b) => b.resources.filter((r) => r.kind === "employee").map((r) => r.id)),
  )
  const employees = members.filter((m) => filter.employees.includes(m.user.id) || booked.has(m.user.id))
  return [
    ...shownMachines.map((m) => ({ id: m.id, label: m.name })),
    ...employees.map((m) => ({ id: m.user.id, label: userLabel(m.user) })),
  ]
}
