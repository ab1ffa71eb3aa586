import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

/**
 * Review fixes: an account's e-mail counts as proven only once its owner used something mailed to
 * it (a login code, a password reset, a finalisation link) — ADMIN_EMAILS promotes only such
 * accounts; and an association without an end must start before the open end (2150-01-01T00:00Z),
 * otherwise it would cover nothing.
 */
export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`ALTER TABLE users ADD COLUMN email_verified_at timestamptz`
  // Such rows cover no time at all (an empty period): nothing can belong to them.
  yield* sql`DELETE FROM counter_associations
    WHERE end_date IS NULL AND start_date >= '2150-01-01T00:00:00Z'::timestamptz`
  yield* sql`ALTER TABLE counter_associations ADD CONSTRAINT counter_associations_starts_before_open_end
    CHECK (start_date < coalesce(end_date, '2150-01-01T00:00:00Z'::timestamptz))`
})
