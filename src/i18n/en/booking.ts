import type { Translation } from "../i18n-types"

/** The booking form (ActionBooking), a booking's lifecycle, booking notifications. */
export const booking = {
  notifications: {
    someone: "Someone",
    bookingRequested: "{name} asks to book {resources} ({period})",
    bookingAccepted: "{name} accepted your booking of {resources} ({period})",
    bookingRefused: "{name} refused your booking of {resources} ({period})",
    bookingEdited: "{name} changed your booking of {resources} ({period})",
    bookingCancelled: "{name} cancelled your booking of {resources} ({period})",
    open: "See the booking",
  },
} satisfies Translation["booking"]
