import { HttpApiBuilder } from "@effect/platform"
import { Effect, Layer } from "effect"
import { SillonApi } from "../../src/schema/api"
import { Bookings } from "../bookings/service"

/** Planning (SPEC §4 Booking, §7); the rules live in server/bookings/. */
export const BookingsHttpLive = HttpApiBuilder.group(SillonApi, "bookings", (handlers) =>
  Effect.gen(function* () {
    const bookings = yield* Bookings
    return handlers
      .handle("list", ({ urlParams }) => bookings.list(urlParams))
      .handle("get", ({ path }) => bookings.get(path.id))
      .handle("put", ({ path, payload }) => bookings.put(path.id, payload))
      .handle("fields", ({ path }) => bookings.fields(path.id))
      .handle("accept", ({ path }) => bookings.accept(path.id))
      .handle("refuse", ({ path }) => bookings.refuse(path.id))
      .handle("cancel", ({ path }) => bookings.cancel(path.id))
  }),
).pipe(Layer.provide(Bookings.Default))
