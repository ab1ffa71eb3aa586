import { HttpApiBuilder } from "@effect/platform"
import { Effect, Layer } from "effect"
import { SillonApi } from "../../src/schema/api"
import { BookingUses } from "../bookingUse/service"

/** Bookings reconciled with use (docs/booking-use.md): the rules live in server/bookingUse/. */
export const BookingUseHttpLive = HttpApiBuilder.group(SillonApi, "bookingUse", (handlers) =>
  Effect.gen(function* () {
    const uses = yield* BookingUses
    return handlers
      .handle("ofBooking", ({ path, urlParams }) => uses.ofBooking(path.id, urlParams))
      .handle("planning", ({ urlParams }) => uses.planning(urlParams))
  }),
).pipe(Layer.provide(BookingUses.Default))
