import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

/**
 * How a machine's CAN values read (docs/canbus.md): one row per machine and value name that a
 * person who manages the machine set (labels in the four languages, unit, scale, offset, charted
 * or not); a name without a row reads as Sillon's catalogue says (src/schema/canCatalogue.ts).
 */
export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`CREATE TABLE machine_can_configs (
    machine_id uuid NOT NULL REFERENCES machines(id) ON DELETE CASCADE,
    name text NOT NULL CHECK (name ~ '^[A-Za-z0-9_]{1,64}$'),
    labels jsonb NOT NULL,
    unit text NOT NULL,
    scale double precision NOT NULL CHECK (scale <> 0),
    "offset" double precision NOT NULL,
    chart boolean NOT NULL,
    updated_by uuid REFERENCES users(id) ON DELETE SET NULL,
    updated_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (machine_id, name)
  )`
})
