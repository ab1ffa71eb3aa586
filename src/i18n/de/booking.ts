import type { Translation } from "../i18n-types"

/** The booking form (ActionBooking), a booking's lifecycle, booking notifications. */
export const booking = {
  notifications: {
    someone: "Jemand",
    bookingRequested: "{name} möchte {resources} buchen ({period})",
    bookingAccepted: "{name} hat Ihre Buchung von {resources} angenommen ({period})",
    bookingRefused: "{name} hat Ihre Buchung von {resources} abgelehnt ({period})",
    bookingEdited: "{name} hat Ihre Buchung von {resources} geändert ({period})",
    bookingCancelled: "{name} hat Ihre Buchung von {resources} storniert ({period})",
    open: "Buchung ansehen",
  },
} satisfies Translation["booking"]
