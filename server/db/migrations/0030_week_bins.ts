import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

/**
 * Week bins (docs/dashboards.md): `fix_bins` also counts per week (from Monday 00:00 UTC), so a
 * year's percentile merges about 52 weeks of bins instead of 365 days. The weeks of the bins
 * already there are summed from their days. The key leads with the value's field before the
 * bucket: a percentile or a band reads one field over many buckets.
 */
export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`ALTER TABLE fix_bins DROP CONSTRAINT fix_bins_grain_check`
  yield* sql`ALTER TABLE fix_bins ADD CONSTRAINT fix_bins_grain_check CHECK (grain IN (3600, 86400, 604800))`
  yield* sql`ALTER TABLE fix_bins DROP CONSTRAINT fix_bins_pkey`
  yield* sql`ALTER TABLE fix_bins ADD PRIMARY KEY (source_id, grain, field, bucket, bin)`
  yield* sql`INSERT INTO fix_bins (source_id, grain, bucket, field, bin, n)
    SELECT source_id, 604800, date_trunc('week', bucket, 'UTC'), field, bin, sum(n)::int FROM fix_bins
    WHERE grain = 86400 GROUP BY 1, 2, 3, 4, 5`
})
