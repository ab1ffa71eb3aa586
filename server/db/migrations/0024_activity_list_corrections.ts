import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

/**
 * Corrections of an activity's fields, drivers and implements (docs/activities.md#corrections).
 * Like the member and the product type, a person's lists are kept apart (`*_edited`,
 * `edited_*_ids`) so a recomputation applies them again to what the engine finds; `engine_lists`
 * keeps what the engine found (its fields with their seconds and hectares, the work outside every
 * known field, the area, its drivers and implements), so a later correction starts from the
 * engine's figures, not from an earlier correction's. `activity_fields`, `activity_drivers` and
 * `activity_auxiliaries` hold the lists as corrected: every reader (the list and its filters, the
 * totals, the exports) reads the corrected lists without knowing about corrections.
 *
 * The history takes lists: `from_ids` and `to_ids` for the fields, drivers and implements.
 */
export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`ALTER TABLE activities
    ADD COLUMN fields_edited boolean NOT NULL DEFAULT false,
    ADD COLUMN edited_field_ids uuid[],
    ADD COLUMN drivers_edited boolean NOT NULL DEFAULT false,
    ADD COLUMN edited_driver_ids uuid[],
    ADD COLUMN auxiliaries_edited boolean NOT NULL DEFAULT false,
    ADD COLUMN edited_auxiliary_ids uuid[],
    ADD COLUMN engine_lists jsonb`
  yield* sql`ALTER TABLE activity_edits DROP CONSTRAINT activity_edits_field_check`
  yield* sql`ALTER TABLE activity_edits ADD CONSTRAINT activity_edits_field_check
    CHECK (field IN ('member', 'productType', 'fields', 'drivers', 'auxiliaries'))`
  yield* sql`ALTER TABLE activity_edits ADD COLUMN from_ids uuid[], ADD COLUMN to_ids uuid[]`
})
