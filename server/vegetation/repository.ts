import { SqlClient } from "@effect/sql"
import { Effect, Schema } from "effect"
import { VegetationProblem, VegetationStatus } from "../../src/schema/vegetation"
import { decodeAll, decodeFirst } from "../db/decode"
import { FieldsRepo } from "../fields/repository"
import type { MeasuredInterval } from "./sentinelHub"

/**
 * The share of a field's pixels that must be clear for an interval to have a value: below it, the
 * interval is kept as "no data" (a mean over a few pixels between clouds says little of the field).
 */
export const minClearShare = 0.5

/** A season whose fetch failed is asked for again by a visit this long after the failed request. */
export const retryFailedAfter = "10 minutes"

const SeasonRow = Schema.Struct({
  status: VegetationStatus,
  problem: Schema.NullOr(VegetationProblem),
  fetched_at: Schema.NullOr(Schema.String),
})
const IntervalRow = Schema.Struct({
  from: Schema.String,
  to: Schema.String,
  ndvi: Schema.NullOr(Schema.Number),
  min: Schema.NullOr(Schema.Number),
  max: Schema.NullOr(Schema.Number),
  st_dev: Schema.NullOr(Schema.Number),
  clear: Schema.Number,
})
const LatestRow = Schema.Struct({ field_id: Schema.String, day: Schema.String, ndvi: Schema.Number })
const OutlineRow = Schema.Struct({ epsg: Schema.Number, geometry: Schema.String })
const Flipped = Schema.Struct({ field_id: Schema.String })

/** Seasons and intervals in SQL. Who sees a field is FieldsRepo's to say. */
export class VegetationRepo extends Effect.Service<VegetationRepo>()("VegetationRepo", {
  effect: Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const fields = yield* FieldsRepo
    /** The interval's clear share, and its mean when enough of it was clear. */
    const clear = sql`CASE WHEN i.sample_count > 0 THEN (i.sample_count - i.no_data_count)::float8 / i.sample_count ELSE 0 END`
    const ndvi = sql`CASE WHEN ${clear} >= ${minClearShare} THEN i.mean END`

    return {
      /**
       * Marks the season as being fetched when nothing is stored, or what is stored is stale: a
       * failure asked for 10 minutes ago or more, a fetch older than a day (or made before the season ended, for a past season), a
       * fetch older than the field's outline, or a fetch asked for half an hour ago and never
       * finished. True when the caller should enqueue the fetch (only one of racing callers is).
       */
      request: (fieldId: string, year: number) =>
        sql`INSERT INTO vegetation_seasons (field_id, year, status) VALUES (${fieldId}, ${year}, 'pending')
          ON CONFLICT (field_id, year) DO UPDATE SET status = 'pending', problem = NULL, requested_at = now()
          WHERE (vegetation_seasons.status = 'failed' AND vegetation_seasons.requested_at < now() - ${retryFailedAfter}::interval)
            OR (vegetation_seasons.status = 'pending' AND vegetation_seasons.requested_at < now() - interval '30 minutes')
            OR (vegetation_seasons.status = 'ready' AND (
              vegetation_seasons.fetched_at < LEAST(now() - interval '1 day', make_date(vegetation_seasons.year + 1, 1, 6)::timestamptz)
              OR vegetation_seasons.fetched_at < (SELECT updated_at FROM fields WHERE id = vegetation_seasons.field_id)))
          RETURNING field_id`.pipe(
          decodeFirst(Flipped),
          Effect.map((row) => row !== undefined),
          Effect.orDie,
        ),
      season: (fieldId: string, year: number) =>
        sql`SELECT status, problem, to_char(fetched_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS fetched_at
          FROM vegetation_seasons WHERE field_id = ${fieldId} AND year = ${year}`.pipe(
          decodeFirst(SeasonRow),
          Effect.orDie,
        ),
      intervals: (fieldId: string, year: number) =>
        sql`SELECT to_char(i.day_from, 'YYYY-MM-DD') AS "from", to_char(i.day_to, 'YYYY-MM-DD') AS "to",
            ${ndvi} AS ndvi, CASE WHEN ${clear} >= ${minClearShare} THEN i.min END AS min,
            CASE WHEN ${clear} >= ${minClearShare} THEN i.max END AS max,
            CASE WHEN ${clear} >= ${minClearShare} THEN i.st_dev END AS st_dev, ${clear} AS clear
          FROM vegetation_intervals i WHERE i.field_id = ${fieldId} AND i.year = ${year}
          ORDER BY i.day_from`.pipe(decodeAll(IntervalRow), Effect.orDie),
      /** The last clear interval of the season of every field the caller sees. */
      latest: (me: string, year: number) =>
        sql`SELECT DISTINCT ON (i.field_id) i.field_id, to_char(i.day_to, 'YYYY-MM-DD') AS day, ${ndvi} AS ndvi
          FROM vegetation_intervals i JOIN fields f ON f.id = i.field_id
          WHERE i.year = ${year} AND f.owner_id IN ${fields.seenOwners(me)} AND ${ndvi} IS NOT NULL
          ORDER BY i.field_id, i.day_from DESC`.pipe(decodeAll(LatestRow), Effect.orDie),
      /**
       * The field's outline in the UTM zone of its centre (metres, so pixels are 10 m square), as
       * GeoJSON; undefined when the field is gone.
       */
      outline: (fieldId: string) =>
        sql`WITH c AS (SELECT geom, ST_PointOnSurface(geom) AS p FROM fields WHERE id = ${fieldId}),
            z AS (SELECT geom, (CASE WHEN ST_Y(p) < 0 THEN 32700 ELSE 32600 END
              + LEAST(60, floor((ST_X(p) + 180) / 6)::int + 1)) AS epsg FROM c)
          SELECT epsg, ST_AsGeoJSON(ST_Transform(geom, epsg), 2) AS geometry FROM z`.pipe(
          decodeFirst(OutlineRow),
          Effect.orDie,
        ),
      /** The provider's answer replaces what was stored of the season. */
      store: (fieldId: string, year: number, measured: ReadonlyArray<MeasuredInterval>) =>
        Effect.gen(function* () {
          yield* sql`DELETE FROM vegetation_intervals WHERE field_id = ${fieldId} AND year = ${year}`
          if (measured.length > 0) {
            const rows = JSON.stringify(
              measured.map((m) => ({
                day_from: m.from.slice(0, 10),
                // The provider's interval ends at midnight of the next day: the last day is the one before.
                day_to: lastDay(m.from, m.to),
                mean: m.mean,
                min: m.min,
                max: m.max,
                st_dev: m.stDev,
                sample_count: Math.max(0, Math.round(m.sampleCount)),
                no_data_count: Math.max(0, Math.round(m.noDataCount)),
              })),
            )
            yield* sql`INSERT INTO vegetation_intervals (field_id, year, day_from, day_to, mean, min, max, st_dev,
                sample_count, no_data_count)
              SELECT ${fieldId}, ${year}, r.day_from, r.day_to, r.mean, r.min, r.max, r.st_dev, r.sample_count,
                LEAST(r.no_data_count, r.sample_count)
              FROM jsonb_to_recordset(${rows}::jsonb) AS r(day_from date, day_to date, mean float8, min float8,
                max float8, st_dev float8, sample_count int, no_data_count int)
              ON CONFLICT (field_id, year, day_from) DO NOTHING`
          }
          yield* sql`UPDATE vegetation_seasons SET status = 'ready', problem = NULL, fetched_at = now()
            WHERE field_id = ${fieldId} AND year = ${year}`
        }).pipe(Effect.orDie),
      /** A try failed: still `pending` (tried again) or `failed`, with why. */
      problem: (fieldId: string, year: number, status: "pending" | "failed", problem: VegetationProblem) =>
        sql`UPDATE vegetation_seasons SET status = ${status}, problem = ${problem}
          WHERE field_id = ${fieldId} AND year = ${year}`.pipe(Effect.orDie),
    }
  }),
  dependencies: [FieldsRepo.Default],
}) {}

/** The last day an interval `[from, to)` covers (its `to` is the next interval's first instant). */
export const lastDay = (from: string, to: string): string => {
  const first = from.slice(0, 10)
  const end = new Date(Date.parse(to) - 1)
  if (Number.isNaN(end.getTime())) return first
  // ISO days sort as text: never before the first.
  return [first, end.toISOString().slice(0, 10)].sort()[1] ?? first
}
