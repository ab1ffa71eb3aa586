import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

/**
 * Safe retries and background work.
 *
 * `idempotency_keys`: one row per (Idempotency-Key, caller) — the key hashed with the caller's
 * session (or, anonymous, with the path), never stored as sent. It holds the request's fingerprint
 * and, once answered, the answer to replay: status, content type and the body, encrypted with a key
 * derived from the Idempotency-Key itself (an answer may carry tokens; a copy of the database alone
 * cannot read them). While the first run is going, `run_id` names it and `running_until` is its
 * lease. Rows live 24 hours.
 *
 * `jobs`: the durable queue (server/jobs). A job is claimed by setting `locked_until` (its lease)
 * and `locked_by` (the claim); done jobs are deleted, dead ones keep their last error.
 */
export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`CREATE TABLE idempotency_keys (
    key_hash text PRIMARY KEY,
    method text NOT NULL,
    path text NOT NULL,
    body_sha256 text NOT NULL,
    run_id uuid,
    running_until timestamptz,
    status integer,
    content_type text,
    body text,
    created_at timestamptz NOT NULL DEFAULT now(),
    expires_at timestamptz NOT NULL
  )`
  yield* sql`CREATE INDEX idempotency_keys_expiry ON idempotency_keys (expires_at)`

  yield* sql`CREATE TABLE jobs (
    id uuid PRIMARY KEY,
    kind text NOT NULL,
    payload jsonb NOT NULL,
    run_at timestamptz NOT NULL DEFAULT now(),
    attempts integer NOT NULL DEFAULT 0,
    max_attempts integer NOT NULL CHECK (max_attempts > 0),
    locked_until timestamptz,
    locked_by uuid,
    last_error text,
    dead_at timestamptz,
    created_at timestamptz NOT NULL DEFAULT now()
  )`
  // What a worker scans: jobs still alive, by due time.
  yield* sql`CREATE INDEX jobs_due ON jobs (run_at) WHERE dead_at IS NULL`
})
