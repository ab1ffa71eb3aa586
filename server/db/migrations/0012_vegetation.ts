import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

/**
 * The vegetation index (SPEC §2 FieldsVegetationIndex): NDVI per field and season as the provider
 * (Sentinel Hub's Statistical API) measured it.
 *
 * `vegetation_seasons`: one row per field and year asked for — `pending` while a `vegetation` job
 * fetches it (`problem`: why the last try failed, tried again), `ready` once fetched (`fetched_at`),
 * `failed` when the provider refused or stayed unreachable (`problem`).
 *
 * `vegetation_intervals`: the provider's answer, one row per interval it had images for, its
 * figures as sent (null when no pixel was clear: the provider sends NaN) and how many of the field's
 * pixels it counted and how many were masked (clouds, shadows, snow, no data). An interval the
 * provider had no image for has no row.
 */
export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`CREATE TABLE vegetation_seasons (
    field_id uuid NOT NULL REFERENCES fields(id) ON DELETE CASCADE,
    year integer NOT NULL CHECK (year BETWEEN 2015 AND 2200),
    status text NOT NULL CHECK (status IN ('pending', 'ready', 'failed')),
    problem text,
    requested_at timestamptz NOT NULL DEFAULT now(),
    fetched_at timestamptz,
    PRIMARY KEY (field_id, year)
  )`
  yield* sql`CREATE TABLE vegetation_intervals (
    field_id uuid NOT NULL,
    year integer NOT NULL,
    day_from date NOT NULL,
    day_to date NOT NULL,
    mean double precision,
    min double precision,
    max double precision,
    st_dev double precision,
    sample_count integer NOT NULL CHECK (sample_count >= 0),
    no_data_count integer NOT NULL CHECK (no_data_count >= 0),
    PRIMARY KEY (field_id, year, day_from),
    FOREIGN KEY (field_id, year) REFERENCES vegetation_seasons (field_id, year) ON DELETE CASCADE,
    CHECK (day_to >= day_from)
  )`
})
