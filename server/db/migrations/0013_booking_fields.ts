import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

/**
 * The fields a booking names (SPEC §3 Booking: fields), in the order chosen. A field deleted
 * later leaves the bookings that named it; a booking deleted takes its list with it.
 */
export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`CREATE TABLE booking_fields (
    booking_id uuid NOT NULL REFERENCES bookings(id) ON DELETE CASCADE,
    field_id uuid NOT NULL REFERENCES fields(id) ON DELETE CASCADE,
    position smallint NOT NULL CHECK (position >= 0),
    PRIMARY KEY (booking_id, field_id)
  )`
  yield* sql`CREATE INDEX booking_fields_field ON booking_fields (field_id)`
})
