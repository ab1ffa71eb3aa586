import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema } from "@effect/platform"
import { BookingUse, BookingUseQuery, PlanningUse, PlanningUseQuery } from "./bookingUse"
import { Forbidden, NotFound, Unauthorized } from "./errors"
import { BookingId } from "./ids"
import { Authentication } from "./middleware"

/**
 * Bookings reconciled with use (docs/booking-use.md): for the members who accept the bookings of
 * the machines (docs/rights.md#bookings-reconciled-with-use).
 */
export class BookingUseGroup extends HttpApiGroup.make("bookingUse")
  /** What the booking's machines did in it, beyond it, and its state (403 for a non-acceptor). */
  .add(
    HttpApiEndpoint.get("ofBooking")`/booking/${HttpApiSchema.param("id", BookingId)}/use`
      .setUrlParams(BookingUseQuery)
      .addSuccess(BookingUse),
  )
  /** Over a structure's window: each booking's state, and the work done without any booking. */
  .add(
    HttpApiEndpoint.get("planning", "/planning/use").setUrlParams(PlanningUseQuery).addSuccess(PlanningUse),
  )
  .middleware(Authentication)
  .addError(Unauthorized)
  .addError(Forbidden)
  .addError(NotFound)
  .prefix("/api/v2") {}
