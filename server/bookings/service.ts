import { Context, Effect, Layer } from "effect"
import type { Booking, BookingInput, BookingQuery } from "../../src/schema/booking"
import type { Conflict, Forbidden, NotFound, ResourceUnavailable } from "../../src/schema/errors"
import { BadRequest } from "../../src/schema/errors"
import type { CurrentUser } from "../../src/schema/middleware"

type Refusal = NotFound | Forbidden

/**
 * Bookings of machines and employees (SPEC §4): the lifecycle, the rights (server/bookings/rules.ts)
 * and the conflicts (the database's exclusion constraint → 409 ResourceUnavailable naming the resources).
 */
export class Bookings extends Context.Tag("Bookings")<
  Bookings,
  {
    readonly list: (
      query: BookingQuery,
    ) => Effect.Effect<ReadonlyArray<Booking>, Refusal | BadRequest, CurrentUser>
    readonly get: (id: string) => Effect.Effect<Booking, NotFound, CurrentUser>
    readonly put: (
      machineId: string,
      input: BookingInput,
    ) => Effect.Effect<Booking, Refusal | BadRequest | Conflict | ResourceUnavailable, CurrentUser>
    readonly accept: (id: string) => Effect.Effect<Booking, Refusal | Conflict, CurrentUser>
    readonly refuse: (id: string) => Effect.Effect<Booking, Refusal | Conflict, CurrentUser>
    readonly cancel: (id: string) => Effect.Effect<Booking, Refusal | Conflict, CurrentUser>
  }
>() {}

// Scaffolding until the service lands: every call answers 400 rather than pretending to work.
const notYet = Effect.fail(BadRequest.of("badRequest"))
export const BookingsServiceLive = Layer.succeed(Bookings, {
  list: () => notYet,
  get: () => notYet,
  put: () => notYet,
  accept: () => notYet,
  refuse: () => notYet,
  cancel: () => notYet,
} as unknown as Context.Tag.Service<Bookings>)
