import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

/**
 * Structures, members and their rights, invitations, requests to join, notifications, machines
 * (the fleet issue adds their details) and per-machine grants. Rights are text arrays of the
 * names in src/schema/rights.ts. Deleting a structure deletes what belongs to it.
 */
export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`ALTER TABLE users ADD COLUMN status text NOT NULL DEFAULT 'finalised'
    CHECK (status IN ('unconfigured', 'finalised'))`
  yield* sql`CREATE TABLE clusters (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    name text NOT NULL,
    type text NOT NULL CHECK (type IN ('farm', 'sharing', 'enterprise')),
    kind text NOT NULL,
    vat_number text,
    description text,
    address jsonb NOT NULL,
    default_rights text[] NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
  )`
  yield* sql`CREATE TABLE memberships (
    cluster_id uuid NOT NULL REFERENCES clusters(id) ON DELETE CASCADE,
    user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    role text NOT NULL CHECK (role IN ('employee', 'partner', 'member', 'client')),
    rights text[] NOT NULL,
    joined_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (cluster_id, user_id)
  )`
  yield* sql`CREATE INDEX memberships_user ON memberships (user_id)`
  yield* sql`CREATE TABLE invitations (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    cluster_id uuid NOT NULL REFERENCES clusters(id) ON DELETE CASCADE,
    user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    email text NOT NULL,
    role text NOT NULL CHECK (role IN ('employee', 'partner', 'member', 'client')),
    status text NOT NULL DEFAULT 'sent' CHECK (status IN ('sent', 'accepted', 'declined', 'cancelled')),
    invited_by uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    created_at timestamptz NOT NULL DEFAULT now(),
    answered_at timestamptz
  )`
  // One open invitation per person and structure, whoever sends it, however many at once.
  yield* sql`CREATE UNIQUE INDEX invitations_one_open ON invitations (cluster_id, user_id) WHERE status = 'sent'`
  yield* sql`CREATE INDEX invitations_user ON invitations (user_id)`
  yield* sql`CREATE TABLE membership_requests (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    cluster_id uuid NOT NULL REFERENCES clusters(id) ON DELETE CASCADE,
    user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    role text NOT NULL CHECK (role IN ('employee', 'partner', 'member', 'client')),
    status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'accepted', 'refused')),
    decided_by uuid REFERENCES users(id) ON DELETE SET NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    decided_at timestamptz
  )`
  yield* sql`CREATE UNIQUE INDEX membership_requests_one_pending ON membership_requests (cluster_id, user_id)
    WHERE status = 'pending'`
  // Account finalisation links (SPEC §4), single use, hashed like the other secrets.
  yield* sql`CREATE TABLE finalise_tokens (
    token_hash text PRIMARY KEY,
    user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    invitation_id uuid REFERENCES invitations(id) ON DELETE SET NULL,
    expires_at timestamptz NOT NULL,
    used_at timestamptz,
    created_at timestamptz NOT NULL DEFAULT now()
  )`
  yield* sql`CREATE TABLE notifications (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    kind text NOT NULL,
    cluster_id uuid NOT NULL REFERENCES clusters(id) ON DELETE CASCADE,
    actor_id uuid REFERENCES users(id) ON DELETE SET NULL,
    invitation_id uuid REFERENCES invitations(id) ON DELETE CASCADE,
    request_id uuid REFERENCES membership_requests(id) ON DELETE CASCADE,
    answer text,
    read_date timestamptz,
    created_at timestamptz NOT NULL DEFAULT now()
  )`
  yield* sql`CREATE INDEX notifications_user ON notifications (user_id, created_at DESC)`
  yield* sql`CREATE TABLE machines (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    cluster_id uuid NOT NULL REFERENCES clusters(id) ON DELETE CASCADE,
    name text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
  )`
  yield* sql`CREATE INDEX machines_cluster ON machines (cluster_id)`
  yield* sql`CREATE TABLE machine_grants (
    machine_id uuid NOT NULL REFERENCES machines(id) ON DELETE CASCADE,
    user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    grants text[] NOT NULL,
    PRIMARY KEY (machine_id, user_id)
  )`
})
