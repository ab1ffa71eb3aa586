import type { EndpointRows } from "./matrix"
import { aimAt, bookingsPutRows, target } from "./rows.bookings.put"

/** accept and refuse: the same rows. */
const decision = (): EndpointRows => ({
  id: "booking",
  holds: ["seeMachines", "acceptMachineBooking"],
  lacks: "acceptMachineBooking",
  variants: {
    mine: { booking: { by: "actor" } },
    accepted: { booking: { status: "accepted" } },
    cancelled: { booking: { status: "cancelled" } },
    ended: { booking: { ended: true } },
    acceptGrant: { grants: ["acceptBookings"] },
    withEmployee: { booking: { employee: true } },
    withEmployeeRight: {
      holds: ["seeMachines", "acceptMachineBooking", "validateEmployeeBooking"],
      booking: { employee: true },
    },
  },
  cells: `
    anonymous  A  401
    outsider   A  404
    lacking    A  403 forbidden
    self       A  404
    self       A  403 forbidden @mine
    holder     A  200
    holder     B  404
    holder     A  409 bookingNotRequested @accepted
    holder     A  409 bookingNotRequested @cancelled
    holder     A  409 bookingEnded @ended
    holder     A  403 forbidden @withEmployee
    holder     A  200 @withEmployeeRight
    grantee    A  403 forbidden
    grantee    A  200 @acceptGrant
    grantee    B  404
    admin      A  404`,
})

/**
 * Bookings. A machine is seen with seeMachines in its structure or any grant on it (SPEC §6):
 * naming one the caller does not see (path or `?machine=`) answers 404, even to a member without
 * seeMachines who requested the booking. Fixtures: each structure's machine has a requested booking for Bob, by Bob, tomorrow
 * for two hours (`Variant.booking` changes A's). New bookings go to a random day of 2120.
 */
export const bookingsRows: Record<string, EndpointRows> = {
  "bookings.list": {
    // No `:id` in the path: `machine` marks the call as aimed at a structure, whose machine the query names.
    id: "machine",
    holds: ["seeMachines"],
    lacks: "seeMachines",
    query: (c): Record<string, string> => {
      aimAt(c)
      return c.cluster ? { machine: target.machine } : {}
    },
    variants: { mine: { booking: { by: "actor" } } },
    shows: { id: "booking", to: ["holder", "grantee", "self"] },
    cells: `
      anonymous  A  401
      outsider   A  404
      lacking    A  404
      self       A  404 @mine
      self       -  200 @mine
      holder     A  200
      holder     -  200
      grantee    -  200
      holder     B  404
      grantee    A  200
      grantee    B  404
      admin      A  404`,
  },
  "bookings.get": {
    id: "booking",
    holds: ["seeMachines"],
    lacks: "seeMachines",
    variants: { mine: { booking: { by: "actor" } } },
    cells: `
      anonymous  A  401
      outsider   A  404
      lacking    A  404
      self       A  404
      self       A  200 @mine
      holder     A  200
      holder     B  404
      grantee    A  200
      grantee    B  404
      admin      A  404`,
  },
  /** The fields a booking in A may name: those of A's members, for a member holding seeMachines. */
  "bookings.fields": {
    id: "cluster",
    holds: ["seeMachines"],
    lacks: "seeMachines",
    shows: { id: "field", to: ["holder"] },
    cells: `
      anonymous  A  401
      outsider   A  404
      lacking    A  403 forbidden
      self       A  403 forbidden
      holder     A  200
      holder     B  404
      grantee    A  404
      admin      A  404`,
  },
  ...bookingsPutRows,
  "bookings.accept": decision(),
  "bookings.refuse": decision(),
  "bookings.cancel": {
    id: "booking",
    holds: ["seeMachines", "acceptMachineBooking"],
    lacks: "acceptMachineBooking",
    variants: {
      mine: { booking: { by: "actor" } },
      accepted: { booking: { status: "accepted" } },
      refused: { booking: { status: "refused" } },
      ended: { booking: { ended: true } },
      bookingGrant: { grants: ["booking"] },
    },
    cells: `
      anonymous  A  401
      outsider   A  404
      lacking    A  403 forbidden
      self       A  404
      self       A  200 @mine
      holder     A  200
      holder     A  200 @accepted
      holder     B  404
      holder     A  409 bookingClosed @refused
      holder     A  409 bookingEnded @ended
      grantee    A  200
      grantee    A  403 forbidden @bookingGrant
      grantee    B  404
      admin      A  404`,
  },
}
