import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

/**
 * Notifications about an activity (docs/activities.md#disputes): a dispute opened (to those who
 * may correct the activity) and a dispute answered (to the member who opened it). `activity_id`
 * names it without a foreign key: a recomputation rewrites activities (their ids stay), and a
 * notification about one gone since still says what it was about.
 */
export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`ALTER TABLE notifications ADD COLUMN activity_id uuid`
})
