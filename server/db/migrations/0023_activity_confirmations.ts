import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

/**
 * "J'ai terminé mon activité" (docs/activities.md#confirmations): a driver says, as the work ends,
 * which field it was, what was spread, and anything the office should know. Kept by the activity's
 * id, like its history and disputes, so recomputation never loses them; the product type said is
 * also applied to the activity as a correction (in `activity_edits`).
 */
export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`CREATE TABLE activity_confirmations (
    id bigserial PRIMARY KEY,
    activity_id uuid NOT NULL,
    machine_id uuid NOT NULL REFERENCES machines(id) ON DELETE CASCADE,
    confirmed_at timestamptz NOT NULL DEFAULT now(),
    confirmed_by uuid REFERENCES users(id) ON DELETE SET NULL,
    field_id uuid REFERENCES fields(id) ON DELETE SET NULL,
    product_type_id uuid REFERENCES filter_entries(id) ON DELETE SET NULL,
    comment text
  )`
  yield* sql`CREATE INDEX activity_confirmations_activity ON activity_confirmations (activity_id, confirmed_at)`
})
