import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

/**
 * The fleet: the machine catalogue (brands, filter entries naming categories and types), the
 * machines' details and advanced parameters, boxes and their associations to machines (two
 * associations of one box never overlap: the database refuses it, whoever writes at once), BLE
 * tags, and platform administrators.
 */
export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`ALTER TABLE users ADD COLUMN is_admin boolean NOT NULL DEFAULT false`
  yield* sql`CREATE TABLE brands (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    name text NOT NULL UNIQUE
  )`
  // name: {"default": "...", "texts": [{"lang": "fr", "text": "..."}]}; a type has its category as parent.
  yield* sql`CREATE TABLE filter_entries (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    type text NOT NULL CHECK (type IN ('machineCategory', 'machineType')),
    parent_id uuid REFERENCES filter_entries(id) ON DELETE CASCADE,
    name jsonb NOT NULL,
    position integer NOT NULL DEFAULT 0
  )`
  yield* sql`ALTER TABLE machines
    ADD COLUMN brand_id uuid REFERENCES brands(id) ON DELETE SET NULL,
    ADD COLUMN model text,
    ADD COLUMN category_id uuid REFERENCES filter_entries(id) ON DELETE SET NULL,
    ADD COLUMN type_id uuid REFERENCES filter_entries(id) ON DELETE SET NULL,
    ADD COLUMN tool_width_m double precision CHECK (tool_width_m >= 0),
    ADD COLUMN max_working_speed_kmh double precision CHECK (max_working_speed_kmh >= 0),
    ADD COLUMN can_present boolean NOT NULL DEFAULT false,
    ADD COLUMN can_type text,
    ADD COLUMN owner_id uuid REFERENCES users(id) ON DELETE SET NULL,
    ADD COLUMN billing jsonb,
    ADD COLUMN maintenance jsonb NOT NULL DEFAULT '{}'::jsonb,
    ADD COLUMN settings jsonb NOT NULL DEFAULT '{}'::jsonb`
  yield* sql`CREATE TABLE counters (
    id text PRIMARY KEY,
    cluster_id uuid REFERENCES clusters(id) ON DELETE SET NULL,
    battery double precision,
    last_communication timestamptz,
    created_at timestamptz NOT NULL DEFAULT now()
  )`
  yield* sql`CREATE TABLE counter_associations (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    counter_id text NOT NULL REFERENCES counters(id) ON DELETE CASCADE,
    machine_id uuid NOT NULL REFERENCES machines(id) ON DELETE CASCADE,
    cluster_id uuid NOT NULL REFERENCES clusters(id) ON DELETE CASCADE,
    start_date timestamptz NOT NULL,
    end_date timestamptz,
    created_at timestamptz NOT NULL DEFAULT now(),
    CHECK (end_date IS NULL OR end_date > start_date),
    -- SPEC §4: no end date means until 2150-01-01T00:00; one box, one machine at a time.
    EXCLUDE USING gist (
      counter_id WITH =,
      tstzrange(start_date, coalesce(end_date, '2150-01-01T00:00:00Z'::timestamptz), '[)') WITH &&
    )
  )`
  yield* sql`CREATE INDEX counter_associations_machine ON counter_associations (machine_id, start_date)`
  yield* sql`CREATE TABLE ble_tags (
    id text PRIMARY KEY,
    type text NOT NULL CHECK (type IN ('machine', 'user')),
    cluster_id uuid REFERENCES clusters(id) ON DELETE SET NULL,
    machine_id uuid REFERENCES machines(id) ON DELETE SET NULL,
    user_id uuid REFERENCES users(id) ON DELETE SET NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    CHECK (machine_id IS NULL OR type = 'machine'),
    CHECK (user_id IS NULL OR type = 'user')
  )`
})
