import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

/**
 * Announcements ("Annonces", docs/announcements.md): a structure's managers broadcast a message to
 * its members. One row per announcement (the id is the client's: a retried PUT posts nothing
 * twice); `ended_at` when someone ended it early (kept, not deleted: its notifications and reads
 * still say what it was). One row per member who read it. A notification names it.
 */
export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`CREATE TABLE announcements (
    id uuid PRIMARY KEY,
    cluster_id uuid NOT NULL REFERENCES clusters(id) ON DELETE CASCADE,
    author_id uuid REFERENCES users(id) ON DELETE SET NULL,
    message text NOT NULL,
    urgency text NOT NULL CHECK (urgency IN ('info', 'urgent')),
    created_at timestamptz NOT NULL DEFAULT now(),
    ends_at timestamptz,
    ended_at timestamptz
  )`
  yield* sql`CREATE INDEX announcements_cluster ON announcements (cluster_id, created_at DESC)`
  yield* sql`CREATE TABLE announcement_reads (
    announcement_id uuid NOT NULL REFERENCES announcements(id) ON DELETE CASCADE,
    user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    read_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (announcement_id, user_id)
  )`
  yield* sql`ALTER TABLE notifications ADD COLUMN announcement_id uuid REFERENCES announcements(id) ON DELETE CASCADE`
})
