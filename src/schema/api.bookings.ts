import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema } from "@effect/platform"
import { Schema } from "effect"
import { Booking, BookingFieldOption, BookingInput, BookingQuery } from "./booking"
import { Conflict, Forbidden, NotFound, ResourceUnavailable, Unauthorized } from "./errors"
import { BookingId, ClusterId, MachineId } from "./ids"
import { Authentication } from "./middleware"

const machineParam = HttpApiSchema.param("id", MachineId)
const bookingParam = HttpApiSchema.param("id", BookingId)
const clusterParam = HttpApiSchema.param("id", ClusterId)

/**
 * Planning (SPEC §2 PlanningMain/PlanningMobile/ActionBooking, §4 Booking, §7). The rights each
 * call checks are spelled out in server/bookings/rules.ts and docs/rights.md (Bookings).
 */
export class BookingsGroup extends HttpApiGroup.make("bookings")
  .add(HttpApiEndpoint.get("list", "/booking").setUrlParams(BookingQuery).addSuccess(Schema.Array(Booking)))
  .add(HttpApiEndpoint.get("get")`/booking/${bookingParam}`.addSuccess(Booking))
  /** Creates or edits the booking named by `payload.id` (200 either way); the path's machine is among its resources. */
  .add(
    HttpApiEndpoint.put("put")`/machines/${machineParam}/booking`
      .setPayload(BookingInput)
      .addSuccess(Booking),
  )
  /**
   * The fields a booking in the structure may name: those of its members, for a member holding
   * 'Voir les machines' there (404 outside the structure, 403 without the right).
   */
  .add(
    HttpApiEndpoint.get("fields")`/clusters/${clusterParam}/fields`.addSuccess(
      Schema.Array(BookingFieldOption),
    ),
  )
  .add(HttpApiEndpoint.post("accept")`/booking/${bookingParam}/accept`.addSuccess(Booking))
  .add(HttpApiEndpoint.post("refuse")`/booking/${bookingParam}/refuse`.addSuccess(Booking))
  .add(HttpApiEndpoint.post("cancel")`/booking/${bookingParam}/cancel`.addSuccess(Booking))
  .addError(Unauthorized)
  .addError(Forbidden)
  .addError(NotFound)
  .addError(Conflict)
  .addError(ResourceUnavailable)
  .middleware(Authentication)
  .prefix("/api/v2") {}
