import { SqlClient } from "@effect/sql"
import { Effect, Schema } from "effect"
import { queueCtes, storedFixDays } from "../activities/dirty"
import { NumericColumn } from "../db/columns"
import { decodeFirst, decodeSingleOrSqlError } from "../db/decode"
import { binCte, refresh } from "../rollups/sql"
import { type CheckedBatch, numberArray, textArray } from "./validate"

/** A box as its secret designates it: its id, its telemetry source and when it was registered (ms). */
export const BoxRow = Schema.Struct({
  id: Schema.String,
  source_id: Schema.String,
  since_ms: Schema.Number,
})
export type BoxRow = typeof BoxRow.Type

const Stored = Schema.Struct({ n: Schema.Number, authorized: Schema.Boolean })
/** What the upload statement answers besides: the first and last instant (ms) of the new fixes. */
const StoredFixes = Schema.Struct({
  ...Stored.fields,
  lo: Schema.NullOr(NumericColumn),
  hi: Schema.NullOr(NumericColumn),
})

/**
 * Where fixes go: the box, its source, and the hash of the secret the request came with. Each
 * statement that stores checks that the box still has that secret, in the same statement: a
 * secret rotated, or a box removed, since it was last looked up stores nothing (`authorized`
 * false), however recently the service saw it valid.
 */
interface Target {
  readonly counterId: string
  readonly sourceId: string
  /** Null only for the demo's own boxes registered without a secret (the seed stores as them). */
  readonly secretHash: string | null
}

/** What a storing statement did: how many rows were new, and whether the secret still held. */
export interface StoreResult {
  readonly n: number
  readonly authorized: boolean
}

/** SQL of the ingest: find a box by its secret's hash, store an upload, a live fix. */
export class IngestRepo extends Effect.Service<IngestRepo>()("IngestRepo", {
  effect: Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    /**
     * The box's battery and last communication, as a fragment of the statement that stores: the
     * battery is the latest by the fixes' time (a late replay of old fixes leaves a newer reading).
     */
    const touch = (target: Target, battery: CheckedBatch["battery"]) =>
      battery === null
        ? sql`UPDATE counters SET last_communication = now()
            WHERE id = ${target.counterId} AND secret_hash IS NOT DISTINCT FROM ${target.secretHash}`
        : sql`UPDATE counters SET last_communication = now(),
              battery = CASE WHEN battery_at IS NULL OR battery_at <= ${battery.at}::timestamptz
                             THEN ${battery.value}::float8 ELSE battery END,
              battery_at = greatest(battery_at, ${battery.at}::timestamptz)
            WHERE id = ${target.counterId} AND secret_hash IS NOT DISTINCT FROM ${target.secretHash}`
    /** The box, if it still has the secret (the guard of every storing statement). */
    const holder = (target: Target) =>
      sql`SELECT 1 FROM counters WHERE id = ${target.counterId} AND secret_hash IS NOT DISTINCT FROM ${target.secretHash}`
    return {
      boxBySecret: (hash: string) =>
        sql`SELECT c.id, s.id AS source_id, (extract(epoch FROM c.created_at) * 1000)::float8 AS since_ms
            FROM counters c JOIN telemetry_sources s ON s.counter_id = c.id
            WHERE c.secret_hash = ${hash}`.pipe(decodeFirst(BoxRow), Effect.orDie),
      /**
       * Stores the accepted fixes of an upload and touches the box, in one statement (so in one
       * transaction, committed when it returns): the fixes the database did not hold yet are
       * inserted, the others left as they are (the key is the source and the time). How many were
       * new; nothing is stored when the box no longer has the secret. The machine-days the new
       * fixes touch are queued for their activities in the same statement (server/activities/dirty.ts):
       * nothing acknowledged is left uncomputed. The new fixes are counted in their bins in the same
       * statement, and their minutes, hours and days summed again before the transaction commits
       * (server/rollups/sql.ts): a figure read after the answer includes them.
       */
      store: (target: Target, batch: CheckedBatch): Effect.Effect<StoreResult> => {
        const c = batch.columns
        const statement = sql`WITH holder AS (${holder(target)}), stored AS (
            INSERT INTO fixes (source_id, at, lng, lat, accuracy_m, speed_kmh, heading_deg, altitude_m,
                               satellites, vibration, vibration_raw, battery, can, tags)
            SELECT ${target.sourceId}::uuid, f.at, f.lng, f.lat, f.acc, f.spd, f.hdg, f.alt,
                   f.sat, f.vib, f.vib_raw, f.bat, f.can::jsonb, f.tags::jsonb
            FROM unnest(${textArray(c.at)}::timestamptz[], ${numberArray(c.lng)}::float8[],
                        ${numberArray(c.lat)}::float8[], ${numberArray(c.acc)}::real[],
                        ${numberArray(c.spd)}::real[], ${numberArray(c.hdg)}::real[],
                        ${numberArray(c.alt)}::real[], ${numberArray(c.sat)}::smallint[],
                        ${numberArray(c.vib)}::smallint[], ${numberArray(c.vibRaw)}::real[],
                        ${numberArray(c.bat)}::real[], ${textArray(c.can)}::text[], ${textArray(c.tags)}::text[])
                 AS f(at, lng, lat, acc, spd, hdg, alt, sat, vib, vib_raw, bat, can, tags)
            WHERE EXISTS (SELECT 1 FROM holder)
            ON CONFLICT DO NOTHING
            RETURNING source_id, at, speed_kmh, can
          ), touched AS (${touch(target, batch.battery)} RETURNING 1),
          ${binCte(sql)},
          ${queueCtes(sql, storedFixDays(sql, target.counterId))}
          SELECT (SELECT count(*) FROM stored)::int AS n, EXISTS (SELECT 1 FROM holder) AS authorized,
            (SELECT extract(epoch FROM min(at)) * 1000 FROM stored)::float8 AS lo,
            (SELECT extract(epoch FROM max(at)) * 1000 FROM stored)::float8 AS hi,
            (SELECT count(*) FROM binned)::int AS bins`.pipe(decodeSingleOrSqlError(StoredFixes))
        return sql
          .withTransaction(
            Effect.tap(statement, (r) =>
              r.n > 0 && r.lo !== null && r.hi !== null
                ? refresh(target.sourceId, r.lo, r.hi).pipe(Effect.provideService(SqlClient.SqlClient, sql))
                : Effect.void,
            ),
          )
          .pipe(
            Effect.map((r) => ({ n: r.n, authorized: r.authorized })),
            Effect.orDie,
          )
      },
      /** Keeps a live fix when it is newer than the one held, and touches the box (same guard). */
      live: (
        target: Target,
        fix: { at: string; lng: number; lat: number; spd: number | null; hdg: number | null },
        battery: CheckedBatch["battery"],
      ): Effect.Effect<StoreResult> =>
        sql`WITH holder AS (${holder(target)}), kept AS (
            INSERT INTO live_fixes (source_id, at, lng, lat, speed_kmh, heading_deg)
            SELECT ${target.sourceId}::uuid, ${fix.at}::timestamptz, ${fix.lng}::float8, ${fix.lat}::float8,
                   ${fix.spd}::real, ${fix.hdg}::real
            WHERE EXISTS (SELECT 1 FROM holder)
            ON CONFLICT (source_id) DO UPDATE SET at = excluded.at, lng = excluded.lng, lat = excluded.lat,
              speed_kmh = excluded.speed_kmh, heading_deg = excluded.heading_deg, received_at = now()
            WHERE live_fixes.at < excluded.at
            RETURNING 1
          ), touched AS (${touch(target, battery)} RETURNING 1)
          SELECT (SELECT count(*) FROM kept)::int AS n, EXISTS (SELECT 1 FROM holder) AS authorized`.pipe(
          decodeSingleOrSqlError(Stored),
          Effect.orDie,
        ),
    }
  }),
}) {}
