import type { Translation } from "../i18n-types"

/** The booking form (ActionBooking), a booking's lifecycle, booking notifications. */
export const booking = {
  notifications: {
    someone: "Ktoś",
    bookingRequested: "{name} prosi o rezerwację: {resources} ({period})",
    bookingAccepted: "{name} zaakceptował(a) Twoją rezerwację: {resources} ({period})",
    bookingRefused: "{name} odrzucił(a) Twoją rezerwację: {resources} ({period})",
    bookingEdited: "{name} zmienił(a) Twoją rezerwację: {resources} ({period})",
    bookingCancelled: "{name} anulował(a) Twoją rezerwację: {resources} ({period})",
    open: "Zobacz rezerwację",
  },
} satisfies Translation["booking"]
