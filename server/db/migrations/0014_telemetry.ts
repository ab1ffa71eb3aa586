import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

/**
 * Telemetry: what boxes and phones send.
 *
 * `telemetry_sources`: where fixes come from. Every box (counter) has one, made by the database
 * when the counter is inserted (a trigger, so no writer can forget it); later sources (a terminal's
 * ISOXML log, a partner's API) are rows without a counter. Fixes are keyed by source, not by box,
 * so a source that is not a box needs no migration of the data.
 *
 * `counters` gain the kind of box (a box, or a phone speaking OsmAnd), the hash of the secret it
 * authenticates with (issued when registered, shown once, rotatable; never stored as sent) and
 * what it says of itself (firmware).
 *
 * `fixes`: one row per fix, partitioned by month of `at` (declarative partitioning; the job queue
 * creates partitions ahead, `fixes_default` catches whatever falls outside them so nothing is ever
 * refused for want of a partition). The key (source_id, at) is what makes an upload idempotent —
 * the same fix sent twice is stored once — and the index for "one machine, one period" (a machine's
 * fixes are its boxes' fixes over their associations' periods). Both Citus (distributed by
 * source_id, which the key contains) and TimescaleDB (a hypertable on `at`) accept this shape.
 *
 * `live_fixes`: the latest fix each source posted live (every 30 s while moving); the batches
 * remain the record.
 */
export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`CREATE TABLE telemetry_sources (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    kind text NOT NULL CHECK (kind IN ('box', 'phone', 'import', 'partner')),
    counter_id text UNIQUE REFERENCES counters(id) ON DELETE CASCADE,
    created_at timestamptz NOT NULL DEFAULT now(),
    CHECK ((counter_id IS NOT NULL) = (kind IN ('box', 'phone')))
  )`
  yield* sql`ALTER TABLE counters
    ADD COLUMN kind text NOT NULL DEFAULT 'box' CHECK (kind IN ('box', 'phone')),
    ADD COLUMN secret_hash text UNIQUE,
    ADD COLUMN secret_issued_at timestamptz,
    ADD COLUMN firmware text`
  yield* sql`INSERT INTO telemetry_sources (kind, counter_id) SELECT kind, id FROM counters`
  yield* sql.unsafe(`CREATE FUNCTION counters_source() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO telemetry_sources (kind, counter_id) VALUES (NEW.kind, NEW.id);
      RETURN NEW;
    END $$`)
  yield* sql`CREATE TRIGGER counters_source AFTER INSERT ON counters
    FOR EACH ROW EXECUTE FUNCTION counters_source()`

  yield* sql`CREATE TABLE fixes (
    source_id uuid NOT NULL REFERENCES telemetry_sources(id) ON DELETE CASCADE,
    at timestamptz NOT NULL,
    lng double precision NOT NULL CHECK (lng BETWEEN -180 AND 180),
    lat double precision NOT NULL CHECK (lat BETWEEN -90 AND 90),
    accuracy_m real,
    speed_kmh real,
    heading_deg real,
    altitude_m real,
    satellites smallint,
    vibration smallint CHECK (vibration BETWEEN 0 AND 3),
    vibration_raw real,
    battery real,
    can jsonb,
    tags jsonb,
    received_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (source_id, at)
  ) PARTITION BY RANGE (at)`
  yield* sql`CREATE TABLE fixes_default PARTITION OF fixes DEFAULT`
  // This month, the two before and three ahead; the partitions job keeps creating them ahead.
  const now = new Date()
  for (let offset = -2; offset <= 3; offset++) {
    const from = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1))
    const to = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth() + 1, 1))
    const name = `fixes_${from.getUTCFullYear()}_${String(from.getUTCMonth() + 1).padStart(2, "0")}`
    yield* sql.unsafe(
      `CREATE TABLE ${name} PARTITION OF fixes FOR VALUES FROM ('${from.toISOString()}') TO ('${to.toISOString()}')`,
    )
  }

  yield* sql`CREATE TABLE live_fixes (
    source_id uuid PRIMARY KEY REFERENCES telemetry_sources(id) ON DELETE CASCADE,
    at timestamptz NOT NULL,
    lng double precision NOT NULL,
    lat double precision NOT NULL,
    speed_kmh real,
    heading_deg real,
    received_at timestamptz NOT NULL DEFAULT now()
  )`
})
