import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

/**
 * The history of the corrections of activities (docs/activities.md#corrections): one row per value
 * a person changed, with who and when, what it was before and what they made it. Kept by the
 * activity's id without a foreign key to `activities`: recomputing a day rewrites its activities
 * (ids stay, server/activities/identity.ts), and the history must outlive that. Values are ids
 * (a member, a product type); names are read with them, so a renamed product shows its new name.
 */
export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`CREATE TABLE activity_edits (
    id bigserial PRIMARY KEY,
    activity_id uuid NOT NULL,
    machine_id uuid NOT NULL REFERENCES machines(id) ON DELETE CASCADE,
    edited_at timestamptz NOT NULL DEFAULT now(),
    edited_by uuid REFERENCES users(id) ON DELETE SET NULL,
    field text NOT NULL CHECK (field IN ('member', 'productType')),
    from_id uuid,
    to_id uuid
  )`
  yield* sql`CREATE INDEX activity_edits_activity ON activity_edits (activity_id, edited_at)`
})
