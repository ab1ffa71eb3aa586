import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

/**
 * Bookings of machines and employees (SPEC §3/§4). A booking belongs to one structure and holds
 * an ordered list of resources. Each resource row carries the booking's period and whether the
 * booking still holds it (requested or accepted), so the database itself refuses two active
 * bookings of one resource for overlapping periods, however many ask at once; periods are
 * half-open, so a booking may start when another ends.
 */
export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`CREATE TABLE bookings (
    id uuid PRIMARY KEY,
    cluster_id uuid NOT NULL REFERENCES clusters(id) ON DELETE CASCADE,
    user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    requested_by uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    start_date timestamptz NOT NULL,
    end_date timestamptz NOT NULL,
    comments text NOT NULL DEFAULT '',
    location jsonb,
    geometry jsonb,
    status text NOT NULL DEFAULT 'requested'
      CHECK (status IN ('requested', 'accepted', 'refused', 'cancelled')),
    decided_by uuid REFERENCES users(id) ON DELETE SET NULL,
    decided_at timestamptz,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    CHECK (end_date > start_date)
  )`
  yield* sql`CREATE INDEX bookings_cluster_start ON bookings (cluster_id, start_date)`
  yield* sql`CREATE TABLE booking_resources (
    booking_id uuid NOT NULL REFERENCES bookings(id) ON DELETE CASCADE,
    position smallint NOT NULL CHECK (position >= 0),
    machine_id uuid REFERENCES machines(id) ON DELETE CASCADE,
    employee_id uuid REFERENCES users(id) ON DELETE CASCADE,
    resource uuid GENERATED ALWAYS AS (coalesce(machine_id, employee_id)) STORED,
    during tstzrange NOT NULL,
    active boolean NOT NULL,
    PRIMARY KEY (booking_id, position),
    CHECK ((machine_id IS NULL) <> (employee_id IS NULL)),
    CONSTRAINT booking_resources_no_overlap EXCLUDE USING gist (resource WITH =, during WITH &&) WHERE (active)
  )`
  yield* sql`CREATE INDEX booking_resources_machine ON booking_resources (machine_id) WHERE machine_id IS NOT NULL`
  yield* sql`CREATE INDEX booking_resources_employee ON booking_resources (employee_id) WHERE employee_id IS NOT NULL`
  yield* sql`ALTER TABLE notifications ADD COLUMN booking_id uuid REFERENCES bookings(id) ON DELETE CASCADE`
})
