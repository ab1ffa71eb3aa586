import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

/**
 * Field comments (SPEC §3 Field comment): on a field (gone with it), by an author (gone with their
 * account), a text and/or a recorded sound stored here (bytea, 10 MB at most, with the media type
 * it was recorded in). Listed newest first.
 */
export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`CREATE TABLE field_comments (
    id uuid PRIMARY KEY,
    field_id uuid NOT NULL REFERENCES fields(id) ON DELETE CASCADE,
    author_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    text text CHECK (text IS NULL OR length(text) BETWEEN 1 AND 2000),
    sound bytea CHECK (sound IS NULL OR octet_length(sound) BETWEEN 1 AND 10485760),
    sound_type text,
    created_at timestamptz NOT NULL DEFAULT now(),
    CHECK ((sound IS NULL) = (sound_type IS NULL)),
    CHECK (text IS NOT NULL OR sound IS NOT NULL)
  )`
  yield* sql`CREATE INDEX field_comments_field ON field_comments (field_id, created_at DESC)`
  yield* sql`CREATE INDEX field_comments_author ON field_comments (author_id)`
})
