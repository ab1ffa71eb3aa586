import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`CREATE EXTENSION IF NOT EXISTS btree_gist`
  yield* sql`CREATE TABLE users (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    email text NOT NULL UNIQUE,
    password_hash text,
    firstname text NOT NULL,
    lastname text NOT NULL,
    name text,
    phone text,
    mobile text,
    address jsonb,
    language text NOT NULL DEFAULT 'fr',
    created_at timestamptz NOT NULL DEFAULT now()
  )`
  yield* sql`CREATE TABLE delegations (
    user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    delegate_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    PRIMARY KEY (user_id, delegate_id)
  )`
  yield* sql`CREATE TABLE server_keys (
    name text PRIMARY KEY,
    value text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
  )`
})
