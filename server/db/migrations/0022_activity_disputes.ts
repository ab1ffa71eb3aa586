import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

/**
 * Disputes of activities (docs/activities.md#disputes): the member an activity is billed to
 * contests it with a comment; a person who may correct it settles it, corrected or kept, with an
 * answer. Like the history, kept by the activity's id without a foreign key to `activities`
 * (recomputation rewrites the rows, the ids stay). One dispute of an activity waits at a time.
 */
export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`CREATE TABLE activity_disputes (
    id uuid PRIMARY KEY,
    activity_id uuid NOT NULL,
    machine_id uuid NOT NULL REFERENCES machines(id) ON DELETE CASCADE,
    opened_at timestamptz NOT NULL DEFAULT now(),
    opened_by uuid REFERENCES users(id) ON DELETE SET NULL,
    comment text NOT NULL,
    status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'corrected', 'kept')),
    answered_at timestamptz,
    answered_by uuid REFERENCES users(id) ON DELETE SET NULL,
    answer text,
    CHECK ((status = 'open') = (answered_at IS NULL))
  )`
  yield* sql`CREATE INDEX activity_disputes_activity ON activity_disputes (activity_id, opened_at)`
  yield* sql`CREATE UNIQUE INDEX activity_disputes_one_open ON activity_disputes (activity_id) WHERE status = 'open'`
})
