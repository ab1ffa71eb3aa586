import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

/** Secrets are stored as SHA-256 hashes: a leaked table gives no usable token or code. */
export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`CREATE TABLE refresh_families (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    remember_me boolean NOT NULL DEFAULT false,
    revoked_at timestamptz,
    created_at timestamptz NOT NULL DEFAULT now()
  )`
  yield* sql`CREATE TABLE refresh_tokens (
    token_hash text PRIMARY KEY,
    family_id uuid NOT NULL REFERENCES refresh_families(id) ON DELETE CASCADE,
    expires_at timestamptz NOT NULL,
    used_at timestamptz,
    created_at timestamptz NOT NULL DEFAULT now()
  )`
  yield* sql`CREATE INDEX refresh_families_user ON refresh_families (user_id)`
  yield* sql`CREATE TABLE login_codes (
    code_hash text PRIMARY KEY,
    user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    expires_at timestamptz NOT NULL,
    used_at timestamptz,
    created_at timestamptz NOT NULL DEFAULT now()
  )`
  yield* sql`CREATE TABLE reset_tokens (
    token_hash text PRIMARY KEY,
    user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    expires_at timestamptz NOT NULL,
    used_at timestamptz,
    created_at timestamptz NOT NULL DEFAULT now()
  )`
  yield* sql`CREATE TABLE throttle_attempts (
    id bigserial PRIMARY KEY,
    key text NOT NULL,
    attempted_at timestamptz NOT NULL DEFAULT now()
  )`
  yield* sql`CREATE INDEX throttle_attempts_key ON throttle_attempts (key, attempted_at)`
})
