import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

/**
 * A person's splits and merges of activities (docs/activities.md#split-and-merge), kept per machine
 * as what the engine reads when it computes a day: `activity_cuts`, instants at which an activity
 * is cut; `activity_joins`, spans whose work is one activity. Kept apart from the activities (which
 * a recomputation rewrites), like the other corrections, so every later computation honours them.
 *
 * The history takes the two: `split` (from the activity cut, to the other part, `at_instant` the
 * cut) and `merge` (from the activity absorbed, to the one kept, `at_instant` its start).
 */
export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`CREATE TABLE activity_cuts (
    machine_id uuid NOT NULL REFERENCES machines(id) ON DELETE CASCADE,
    at timestamptz NOT NULL,
    made_by uuid REFERENCES users(id) ON DELETE SET NULL,
    made_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (machine_id, at)
  )`
  yield* sql`CREATE TABLE activity_joins (
    machine_id uuid NOT NULL REFERENCES machines(id) ON DELETE CASCADE,
    start_at timestamptz NOT NULL,
    end_at timestamptz NOT NULL,
    made_by uuid REFERENCES users(id) ON DELETE SET NULL,
    made_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (machine_id, start_at, end_at),
    CHECK (end_at > start_at)
  )`
  yield* sql`ALTER TABLE activity_edits DROP CONSTRAINT activity_edits_field_check`
  yield* sql`ALTER TABLE activity_edits ADD CONSTRAINT activity_edits_field_check
    CHECK (field IN ('member', 'productType', 'fields', 'drivers', 'auxiliaries', 'split', 'merge'))`
  yield* sql`ALTER TABLE activity_edits ADD COLUMN at_instant timestamptz`
})
