import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

/**
 * Activities: what the engine (server/activities/engine) found in a machine's trace, stored per
 * machine-day (docs/activities.md).
 *
 * `clusters.time_zone`: machine-days and midnights are local to the machine's structure (an IANA
 * zone; not yet editable, every structure is in Europe/Paris).
 *
 * `activities`: one row per activity with every figure of SPEC §3, who it is for and why (the
 * engine's attribution), and a person's edit kept apart (`edited_*`) so a recomputation re-applies
 * it; `figures_fingerprint` sums up the figures as computed, `edit_fingerprint` the ones the person saw, and `differs_from_edit` says a later
 * recomputation found others. `activity_fields`, `activity_drivers`, `activity_auxiliaries`: its
 * lists. Every table carries `machine_id` in its key: under Citus they are distributed by machine
 * (docs/telemetry-scale.md), so one machine-day's rewrite stays on one node.
 *
 * `activity_labels`: the engine's label of each fix, one row per machine-day holding parallel
 * arrays (instants, states, activity and field as indexes into the row's own lists). A
 * recomputation rewrites a day's 8,600 labels as one row, not 8,600 (one index entry, one tuple,
 * compressed by TOAST); they are read back a day at a time anyway. The day's bounding box says where
 * the trace went, so a field drawn later finds the days it may change without reading fixes.
 *
 * `activity_dirty_days`: the machine-days waiting for a recomputation, one row each, so a burst of
 * uploads for one day enqueues one job (`INSERT … ON CONFLICT DO NOTHING RETURNING`, the job
 * inserted only for a new row); the job deletes the row before it reads, so fixes arriving while
 * it runs make a new row and a new job.
 */
export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`ALTER TABLE clusters ADD COLUMN time_zone text NOT NULL DEFAULT 'Europe/Paris'`

  yield* sql`CREATE TABLE activities (
    machine_id uuid NOT NULL REFERENCES machines(id) ON DELETE CASCADE,
    id uuid NOT NULL,
    day date NOT NULL,
    start_at timestamptz NOT NULL,
    end_at timestamptz NOT NULL,
    duration_s double precision NOT NULL,
    road_distance_m double precision NOT NULL,
    work_distance_m double precision NOT NULL,
    pause_s double precision NOT NULL,
    pause_count integer NOT NULL,
    area_ha double precision,
    area_with_overlap_ha double precision,
    fuel_l double precision,
    fuel_source text CHECK (fuel_source IN ('can', 'rate')),
    max_speed_kmh double precision NOT NULL,
    unknown_field_s double precision NOT NULL,
    seconds jsonb NOT NULL,
    product_type_id uuid REFERENCES filter_entries(id) ON DELETE SET NULL,
    booking_id uuid REFERENCES bookings(id) ON DELETE SET NULL,
    member_id uuid REFERENCES users(id) ON DELETE SET NULL,
    attribution text NOT NULL CHECK (attribution IN ('booking', 'field', 'tag', 'none')),
    attribution_source text,
    provisional boolean NOT NULL,
    computed_at timestamptz NOT NULL DEFAULT now(),
    figures_fingerprint text NOT NULL,
    member_edited boolean NOT NULL DEFAULT false,
    edited_member_id uuid REFERENCES users(id) ON DELETE SET NULL,
    product_type_edited boolean NOT NULL DEFAULT false,
    edited_product_type_id uuid REFERENCES filter_entries(id) ON DELETE SET NULL,
    edited_by uuid REFERENCES users(id) ON DELETE SET NULL,
    edited_at timestamptz,
    edit_fingerprint text,
    differs_from_edit boolean NOT NULL DEFAULT false,
    PRIMARY KEY (machine_id, id),
    CHECK (end_at >= start_at)
  )`
  yield* sql`CREATE INDEX activities_id ON activities (id)`
  yield* sql`CREATE INDEX activities_machine_start ON activities (machine_id, start_at DESC)`
  yield* sql`CREATE INDEX activities_machine_day ON activities (machine_id, day)`
  yield* sql`CREATE INDEX activities_provisional ON activities (day) WHERE provisional`

  yield* sql`CREATE TABLE activity_fields (
    machine_id uuid NOT NULL,
    activity_id uuid NOT NULL,
    field_id uuid NOT NULL REFERENCES fields(id) ON DELETE CASCADE,
    position smallint NOT NULL,
    work_s double precision NOT NULL,
    area_ha double precision,
    PRIMARY KEY (machine_id, activity_id, field_id),
    FOREIGN KEY (machine_id, activity_id) REFERENCES activities(machine_id, id) ON DELETE CASCADE
  )`
  yield* sql`CREATE INDEX activity_fields_field ON activity_fields (field_id)`
  yield* sql`CREATE TABLE activity_drivers (
    machine_id uuid NOT NULL,
    activity_id uuid NOT NULL,
    user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    position smallint NOT NULL,
    PRIMARY KEY (machine_id, activity_id, user_id),
    FOREIGN KEY (machine_id, activity_id) REFERENCES activities(machine_id, id) ON DELETE CASCADE
  )`
  yield* sql`CREATE TABLE activity_auxiliaries (
    machine_id uuid NOT NULL,
    activity_id uuid NOT NULL,
    auxiliary_id uuid NOT NULL REFERENCES machines(id) ON DELETE CASCADE,
    position smallint NOT NULL,
    PRIMARY KEY (machine_id, activity_id, auxiliary_id),
    FOREIGN KEY (machine_id, activity_id) REFERENCES activities(machine_id, id) ON DELETE CASCADE
  )`

  yield* sql`CREATE TABLE activity_labels (
    machine_id uuid NOT NULL REFERENCES machines(id) ON DELETE CASCADE,
    day date NOT NULL,
    at timestamptz[] NOT NULL,
    states smallint[] NOT NULL,
    activity_index smallint[] NOT NULL,
    activity_ids uuid[] NOT NULL,
    field_index smallint[] NOT NULL,
    field_ids uuid[] NOT NULL,
    box_w double precision,
    box_s double precision,
    box_e double precision,
    box_n double precision,
    computed_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (machine_id, day)
  )`

  yield* sql`CREATE TABLE activity_dirty_days (
    machine_id uuid NOT NULL REFERENCES machines(id) ON DELETE CASCADE,
    day date NOT NULL,
    since timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (machine_id, day)
  )`
})
