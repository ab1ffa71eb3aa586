import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

/**
 * Maintenance (docs/maintenance.md): profiles naming the structures they apply to, their rules,
 * the machines attached to them; actions done on a machine and the rules each satisfied (by name
 * at the time: removing a rule or detaching a machine keeps its history); counters read on a
 * machine (by hand, or with an action), from which its counters run.
 */
export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`CREATE TABLE maintenance_profiles (
    id uuid PRIMARY KEY,
    name text NOT NULL,
    soon_share double precision NOT NULL CHECK (soon_share >= 0 AND soon_share <= 0.5),
    created_by uuid REFERENCES users(id) ON DELETE SET NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
  )`
  yield* sql`CREATE TABLE maintenance_profile_clusters (
    profile_id uuid NOT NULL REFERENCES maintenance_profiles(id) ON DELETE CASCADE,
    cluster_id uuid NOT NULL REFERENCES clusters(id) ON DELETE CASCADE,
    PRIMARY KEY (profile_id, cluster_id)
  )`
  yield* sql`CREATE INDEX maintenance_profile_clusters_cluster ON maintenance_profile_clusters (cluster_id)`
  yield* sql`CREATE TABLE maintenance_profile_machines (
    profile_id uuid NOT NULL REFERENCES maintenance_profiles(id) ON DELETE CASCADE,
    machine_id uuid NOT NULL REFERENCES machines(id) ON DELETE CASCADE,
    attached_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (profile_id, machine_id)
  )`
  yield* sql`CREATE INDEX maintenance_profile_machines_machine ON maintenance_profile_machines (machine_id)`
  yield* sql`CREATE TABLE maintenance_rules (
    id uuid PRIMARY KEY,
    profile_id uuid NOT NULL REFERENCES maintenance_profiles(id) ON DELETE CASCADE,
    position integer NOT NULL,
    name text NOT NULL,
    counter text NOT NULL CHECK (counter IN ('engineHours', 'workingHours', 'km', 'years')),
    frequency double precision NOT NULL CHECK (frequency > 0),
    first_event double precision NOT NULL CHECK (first_event >= 0)
  )`
  yield* sql`CREATE INDEX maintenance_rules_profile ON maintenance_rules (profile_id)`
  yield* sql`CREATE TABLE maintenance_actions (
    id uuid PRIMARY KEY,
    machine_id uuid NOT NULL REFERENCES machines(id) ON DELETE CASCADE,
    done_at timestamptz NOT NULL,
    comment text NOT NULL,
    cost_cents bigint CHECK (cost_cents >= 0),
    parts text NOT NULL,
    done_by text NOT NULL,
    author_id uuid REFERENCES users(id) ON DELETE SET NULL,
    created_at timestamptz NOT NULL DEFAULT now()
  )`
  yield* sql`CREATE INDEX maintenance_actions_machine ON maintenance_actions (machine_id, done_at DESC)`
  yield* sql`CREATE TABLE maintenance_action_rules (
    action_id uuid NOT NULL REFERENCES maintenance_actions(id) ON DELETE CASCADE,
    rule_id uuid NOT NULL,
    rule_name text NOT NULL,
    PRIMARY KEY (action_id, rule_id)
  )`
  yield* sql`CREATE INDEX maintenance_action_rules_rule ON maintenance_action_rules (rule_id)`
  yield* sql`CREATE TABLE maintenance_readings (
    id bigserial PRIMARY KEY,
    machine_id uuid NOT NULL REFERENCES machines(id) ON DELETE CASCADE,
    counter text NOT NULL CHECK (counter IN ('engineHours', 'workingHours', 'km')),
    value double precision NOT NULL CHECK (value >= 0),
    read_at timestamptz NOT NULL,
    action_id uuid REFERENCES maintenance_actions(id) ON DELETE CASCADE,
    entered_by uuid REFERENCES users(id) ON DELETE SET NULL,
    entered_at timestamptz NOT NULL DEFAULT now()
  )`
  yield* sql`CREATE INDEX maintenance_readings_machine ON maintenance_readings (machine_id, counter, read_at DESC)`
})
