import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

/**
 * Ingest: the time of the fix a box's battery was read from, so a late replay of old fixes never
 * puts an old battery level over a newer one (`counters.battery` keeps the latest by time).
 */
export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`ALTER TABLE counters ADD COLUMN battery_at timestamptz`
})
