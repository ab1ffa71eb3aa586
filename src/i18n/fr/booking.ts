/** The booking form (ActionBooking), a booking's lifecycle, booking notifications. */
export const booking = {
  notifications: {
    someone: "Quelqu'un",
    bookingRequested: "{name:string} demande la réservation de {resources:string} ({period:string})",
    bookingAccepted: "{name:string} a accepté votre réservation de {resources:string} ({period:string})",
    bookingRefused: "{name:string} a refusé votre réservation de {resources:string} ({period:string})",
    bookingEdited: "{name:string} a modifié votre réservation de {resources:string} ({period:string})",
    bookingCancelled: "{name:string} a annulé votre réservation de {resources:string} ({period:string})",
    open: "Voir la réservation",
  },
}
