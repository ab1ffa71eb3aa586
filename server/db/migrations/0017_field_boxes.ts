import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

/**
 * Each field's box (west, south, east, north, to the micro-degree), kept by the database beside
 * its outline: FieldsMain's index sends it for every field, and reading 30,000 outlines to compute
 * it made up about a third of the index's time.
 */
export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`ALTER TABLE fields
    ADD COLUMN box_w double precision GENERATED ALWAYS AS (round(ST_XMin(geom) * 1e6) / 1e6) STORED,
    ADD COLUMN box_s double precision GENERATED ALWAYS AS (round(ST_YMin(geom) * 1e6) / 1e6) STORED,
    ADD COLUMN box_e double precision GENERATED ALWAYS AS (round(ST_XMax(geom) * 1e6) / 1e6) STORED,
    ADD COLUMN box_n double precision GENERATED ALWAYS AS (round(ST_YMax(geom) * 1e6) / 1e6) STORED`
})
