import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

/**
 * Proving an address from inside an account: a code mailed to the address, entered by someone
 * signed in to that account, shows one person holds both (the sign-up was theirs). Stored hashed,
 * like every other mailed secret.
 */
export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`CREATE TABLE email_confirmations (
    code_hash text PRIMARY KEY,
    user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    expires_at timestamptz NOT NULL,
    used_at timestamptz,
    created_at timestamptz NOT NULL DEFAULT now()
  )`
  yield* sql`CREATE INDEX email_confirmations_user ON email_confirmations (user_id)`
})
