import type { EndpointRows } from "./matrix"

const day = 86_400_000
/** A window holding the world's booking (tomorrow, two hours). */
const window = (c: { readonly cluster: string }) => ({
  cluster: c.cluster,
  from: new Date(Date.now() - day).toISOString(),
  to: new Date(Date.now() + 3 * day).toISOString(),
})

/**
 * Bookings reconciled with use (docs/rights.md#bookings-reconciled-with-use): to whoever accepts
 * the bookings of every machine a booking books ("Accepter les réservations de machines" in its
 * structure, or the acceptBookings grant on the machine); its employees do not count. Whoever does
 * not see the booking gets 404 first.
 */
export const bookingUseRows: Record<string, EndpointRows> = {
  "bookingUse.ofBooking": {
    id: "booking",
    holds: ["seeMachines", "acceptMachineBooking"],
    lacks: "acceptMachineBooking",
    variants: {
      mine: { booking: { by: "actor" } },
      acceptGrant: { grants: ["acceptBookings"] },
      withEmployee: { booking: { employee: true } },
    },
    cells: `
      anonymous  A  401
      outsider   A  404
      lacking    A  403 forbidden
      self       A  404
      self       A  403 forbidden @mine
      holder     A  200
      holder     A  200 @withEmployee
      holder     B  404
      grantee    A  403 forbidden
      grantee    A  200 @acceptGrant
      grantee    B  404
      admin      A  404`,
  },
  // A structure's window: 404 to whoever has nothing in it, 403 to whoever accepts none of its machines.
  "bookingUse.planning": {
    id: "cluster",
    holds: ["seeMachines", "acceptMachineBooking"],
    lacks: "acceptMachineBooking",
    query: window,
    variants: { acceptGrant: { grants: ["acceptBookings"] } },
    shows: { id: "booking", to: ["holder", "grantee"] },
    cells: `
      anonymous  A  401
      outsider   A  404
      lacking    A  403 forbidden
      self       A  403 forbidden
      holder     A  200
      holder     B  404
      grantee    A  403 forbidden
      grantee    A  200 @acceptGrant
      grantee    B  404
      admin      A  404`,
  },
}
