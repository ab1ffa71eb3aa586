import { SqlClient, type Statement } from "@effect/sql"
import { Effect } from "effect"
import { movingSpeedKmh } from "../../src/schema/api.geoloc"
import { categoryGapSeconds } from "../../src/schema/telemetryReads"

/**
 * Keeping `fix_rollups` and `fix_bins` (server/db/migrations/0028_rollups.ts) true to the fixes.
 *
 * A fix lasts until the next fix of its source, at most `categoryGapSeconds`; the last one lasts
 * nothing until another follows. Its distance is the great-circle distance to the next fix when
 * that one is within the gap. It moves when its speed (or, without one, the speed its distance
 * says) is above `movingSpeedKmh`; its engine runs when the CAN bus says an engine speed above 0
 * or the box feels any vibration.
 */

/** The grains, in seconds, and the unit `date_trunc` names them by. */
export const grains = [
  { seconds: 60, unit: "minute" },
  { seconds: 3600, unit: "hour" },
  { seconds: 86400, unit: "day" },
] as const

const gap = categoryGapSeconds

/** Great-circle distance (m) between (lng, lat) and (lng2, lat2) — the haversine, in SQL. */
const haversine = (lng: string, lat: string, lng2: string, lat2: string) =>
  `2 * 6371008.8 * asin(sqrt(power(sin(radians(${lat2} - ${lat}) / 2), 2)
    + cos(radians(${lat})) * cos(radians(${lat2})) * power(sin(radians(${lng2} - ${lng}) / 2), 2)))`

/**
 * A fix's time (`dur`, s) and distance (`dist`, m), from the columns of `t`: at, lng, lat and its
 * next fix's next_at, next_lng, next_lat (null when none yet).
 */
export const timing = (t: string) =>
  `CASE WHEN ${t}.next_at IS NULL THEN 0 ELSE least(extract(epoch FROM ${t}.next_at - ${t}.at)::float8, ${gap}) END AS dur,
   CASE WHEN ${t}.next_at IS NOT NULL AND ${t}.next_at - ${t}.at <= make_interval(secs => ${gap})
        THEN ${haversine(`${t}.lng`, `${t}.lat`, `${t}.next_lng`, `${t}.next_lat`)} ELSE 0 END AS dist`

/** Whether a fix moves (`moving`) and its engine runs (`engine`), from `t` with `timing`'s columns. */
export const motion = (t: string) =>
  `coalesce(${t}.speed_kmh::float8, CASE WHEN ${t}.dur > 0 THEN ${t}.dist / ${t}.dur * 3.6 END, 0) > ${movingSpeedKmh}
     AS moving,
   coalesce((${t}.can ->> 'engineSpeed')::float8 > 0, false) OR coalesce(${t}.vibration >= 1, false) AS engine`

/**
 * The bins of the fixes of a FROM item `rows` (columns source_id, at, speed_kmh, can), per hour,
 * day and week (from Monday, UTC) — or per hour and day only, for a rebuild that then sums its
 * weeks again from their days — with how many fixes fell in each.
 */
export const binsOf = (sql: SqlClient.SqlClient, rows: Statement.Fragment, weeks = true) =>
  sql`SELECT r.source_id, g.grain, date_trunc(g.unit, r.at, 'UTC') AS bucket, v.field, rollup_bin(v.value) AS bin,
      count(*)::int AS n
    FROM ${rows} CROSS JOIN LATERAL (
      SELECT 'speed' AS field, r.speed_kmh::float8 AS value WHERE r.speed_kmh IS NOT NULL
      UNION ALL SELECT 'can.' || e.key, e.value::float8 FROM jsonb_each_text(coalesce(r.can, '{}'::jsonb)) e
    ) v CROSS JOIN (VALUES (3600, 'hour'), (86400, 'day')${weeks ? sql`, (604800, 'week')` : sql``}) g(grain, unit)
    GROUP BY 1, 2, 3, 4, 5`

/**
 * A CTE (`binned`) of the ingest's storing statement: adds the new fixes of its `stored` CTE
 * (RETURNING source_id, at, speed_kmh, can) to their bins.
 */
export const binCte = (sql: SqlClient.SqlClient) =>
  sql`binned AS (INSERT INTO fix_bins (source_id, grain, bucket, field, bin, n)
    ${binsOf(sql, sql`stored r`)}
    ON CONFLICT (source_id, grain, bucket, field, bin) DO UPDATE SET n = fix_bins.n + excluded.n RETURNING 1)`

/** Inserts (or replaces) rollup rows from the `agg` CTE joined to the CAN figures `canned`. */
const insertRollups = (
  sql: SqlClient.SqlClient,
  sourceId: string,
  grain: Statement.Fragment,
  bucket: Statement.Fragment,
  canned: Statement.Fragment,
) =>
  sql`INSERT INTO fix_rollups (source_id, grain, bucket, fixes, seconds, moving_s, engine_s, distance_m,
      speed_n, speed_sum, speed_min, speed_max, vib_s, battery, battery_at, first_at, last_at, can)
    SELECT ${sourceId}::uuid, ${grain}, ${bucket}, a.fixes, a.seconds, a.moving_s, a.engine_s, a.distance_m,
      a.speed_n, a.speed_sum, a.speed_min, a.speed_max, a.vib_s, a.battery, a.battery_at, a.first_at, a.last_at,
      coalesce(c.can, '{}'::jsonb)
    FROM agg a LEFT JOIN ${canned}
    ON CONFLICT (source_id, grain, bucket) DO UPDATE SET fixes = excluded.fixes, seconds = excluded.seconds,
      moving_s = excluded.moving_s, engine_s = excluded.engine_s, distance_m = excluded.distance_m,
      speed_n = excluded.speed_n, speed_sum = excluded.speed_sum, speed_min = excluded.speed_min,
      speed_max = excluded.speed_max, vib_s = excluded.vib_s, battery = excluded.battery,
      battery_at = excluded.battery_at, first_at = excluded.first_at, last_at = excluded.last_at, can = excluded.can`

const lo = (v: number) => new Date(v).toISOString()

/**
 * Recomputes the minutes of `sourceId` holding a fix (or a rollup) within [fromMs, toMs], and the
 * minute of the fix before `fromMs` (its time ran until the first of them), from the fixes.
 */
const refreshMinutes = (
  sql: SqlClient.SqlClient,
  sourceId: string,
  span: { lo: string; hi: string; until: string },
) =>
  sql`WITH span AS (SELECT ${span.lo}::timestamptz AS lo, ${span.hi}::timestamptz AS hi, ${span.until}::timestamptz AS until),
    f AS (SELECT f.at, f.lng, f.lat, f.speed_kmh, f.vibration, f.battery, f.can,
        lead(f.at) OVER w AS next_at, lead(f.lng) OVER w AS next_lng, lead(f.lat) OVER w AS next_lat
      FROM fixes f WHERE f.source_id = ${sourceId} AND f.at >= ${span.lo}::timestamptz AND f.at <= ${span.until}::timestamptz
      WINDOW w AS (ORDER BY f.at)),
    d AS (SELECT date_trunc('minute', f.at, 'UTC') AS minute, f.*, ${sql.unsafe(timing("f"))}
      FROM f, span s WHERE f.at < s.hi),
    m AS (SELECT d.*, ${sql.unsafe(motion("d"))} FROM d),
    canned AS (SELECT minute, jsonb_object_agg(key, jsonb_build_object('n', n, 'sum', s, 'min', mi, 'max', ma,
        'last', la, 'at', extract(epoch FROM lat) * 1000)) AS can
      FROM (SELECT m.minute, e.key, count(*) AS n, sum(e.value::float8) AS s, min(e.value::float8) AS mi,
          max(e.value::float8) AS ma, (array_agg(e.value::float8 ORDER BY m.at DESC))[1] AS la, max(m.at) AS lat
        FROM m, jsonb_each_text(m.can) e WHERE m.can IS NOT NULL GROUP BY m.minute, e.key) x
      GROUP BY minute),
    agg AS (SELECT m.minute, count(*)::int AS fixes, sum(m.dur) AS seconds,
        coalesce(sum(m.dur) FILTER (WHERE m.moving), 0) AS moving_s,
        coalesce(sum(m.dur) FILTER (WHERE m.engine), 0) AS engine_s, sum(m.dist) AS distance_m,
        count(m.speed_kmh)::int AS speed_n, coalesce(sum(m.speed_kmh), 0) AS speed_sum,
        min(m.speed_kmh) AS speed_min, max(m.speed_kmh) AS speed_max,
        ARRAY[coalesce(sum(m.dur) FILTER (WHERE m.vibration = 0), 0), coalesce(sum(m.dur) FILTER (WHERE m.vibration = 1), 0),
              coalesce(sum(m.dur) FILTER (WHERE m.vibration = 2), 0), coalesce(sum(m.dur) FILTER (WHERE m.vibration = 3), 0)]
          AS vib_s,
        (array_agg(m.battery ORDER BY m.at DESC) FILTER (WHERE m.battery IS NOT NULL))[1] AS battery,
        max(m.at) FILTER (WHERE m.battery IS NOT NULL) AS battery_at, min(m.at) AS first_at, max(m.at) AS last_at
      FROM m GROUP BY m.minute),
    gone AS (DELETE FROM fix_rollups r USING span s WHERE r.source_id = ${sourceId} AND r.grain = 60
        AND r.bucket >= s.lo AND r.bucket < s.hi AND r.bucket NOT IN (SELECT minute FROM agg)
      RETURNING r.bucket),
    put AS (${insertRollups(sql, sourceId, sql`60`, sql`a.minute`, sql`canned c ON c.minute = a.minute`)}
      RETURNING 1)
    SELECT (SELECT lo FROM span) AS lo, (SELECT hi FROM span) AS hi,
      (SELECT count(*) FROM put)::int AS put, (SELECT count(*) FROM gone)::int AS gone`

/**
 * The minutes to recompute after fixes of `sourceId` within [fromMs, toMs] changed: from the minute
 * of the fix before `fromMs` (its time ran until the first of them) to the end of `toMs`'s minute,
 * and the first fix after them (whose time the last of them runs until). A statement of its own:
 * the recomputation then reads the fixes between known instants (the partitions are pruned).
 */
const spanOf = (sql: SqlClient.SqlClient, sourceId: string, fromMs: number, toMs: number) =>
  sql<Span & { until: Date | string }>`WITH bounds AS (
      SELECT date_trunc('minute', ${lo(fromMs)}::timestamptz, 'UTC') AS lo,
             date_trunc('minute', ${lo(toMs)}::timestamptz, 'UTC') + interval '1 minute' AS hi)
    SELECT coalesce((SELECT date_trunc('minute', f.at, 'UTC') FROM fixes f WHERE f.source_id = ${sourceId}
        AND f.at < b.lo ORDER BY f.at DESC LIMIT 1), b.lo) AS lo, b.hi,
      coalesce((SELECT f.at FROM fixes f WHERE f.source_id = ${sourceId} AND f.at >= b.hi ORDER BY f.at LIMIT 1), b.hi)
        AS until
    FROM bounds b`

/**
 * Recomputes the `grain` rows of `sourceId` over [lo, hi) (aligned on `grain`) from the rows of
 * the grain below: sums, extremes, the latest battery and each CAN value's merged figures.
 */
const refreshFrom = (
  sql: SqlClient.SqlClient,
  sourceId: string,
  below: number,
  grain: (typeof grains)[number],
  loIso: string,
  hiIso: string,
) =>
  sql`WITH rows AS (SELECT r.*, date_trunc(${grain.unit}, r.bucket, 'UTC') AS up FROM fix_rollups r
      WHERE r.source_id = ${sourceId} AND r.grain = ${below}
        AND r.bucket >= date_trunc(${grain.unit}, ${loIso}::timestamptz, 'UTC')
        AND r.bucket < date_trunc(${grain.unit}, ${hiIso}::timestamptz - interval '1 microsecond', 'UTC')
          + make_interval(secs => ${grain.seconds})),
    canned AS (SELECT up, jsonb_object_agg(key, jsonb_build_object('n', n, 'sum', s, 'min', mi, 'max', ma,
        'last', la, 'at', lat)) AS can
      FROM (SELECT r.up, e.key, sum((e.value ->> 'n')::float8) AS n, sum((e.value ->> 'sum')::float8) AS s,
          min((e.value ->> 'min')::float8) AS mi, max((e.value ->> 'max')::float8) AS ma,
          (array_agg((e.value ->> 'last')::float8 ORDER BY (e.value ->> 'at')::float8 DESC))[1] AS la,
          max((e.value ->> 'at')::float8) AS lat
        FROM rows r, jsonb_each(r.can) e GROUP BY r.up, e.key) x
      GROUP BY up),
    agg AS (SELECT r.up, sum(r.fixes)::int AS fixes, sum(r.seconds) AS seconds, sum(r.moving_s) AS moving_s,
        sum(r.engine_s) AS engine_s, sum(r.distance_m) AS distance_m, sum(r.speed_n)::int AS speed_n,
        sum(r.speed_sum) AS speed_sum, min(r.speed_min) AS speed_min, max(r.speed_max) AS speed_max,
        ARRAY[sum(r.vib_s[1]), sum(r.vib_s[2]), sum(r.vib_s[3]), sum(r.vib_s[4])] AS vib_s,
        (array_agg(r.battery ORDER BY r.battery_at DESC) FILTER (WHERE r.battery IS NOT NULL))[1] AS battery,
        max(r.battery_at) AS battery_at, min(r.first_at) AS first_at, max(r.last_at) AS last_at
      FROM rows r GROUP BY r.up),
    gone AS (DELETE FROM fix_rollups r WHERE r.source_id = ${sourceId} AND r.grain = ${grain.seconds}
        AND r.bucket >= date_trunc(${grain.unit}, ${loIso}::timestamptz, 'UTC')
        AND r.bucket < date_trunc(${grain.unit}, ${hiIso}::timestamptz - interval '1 microsecond', 'UTC')
          + make_interval(secs => ${grain.seconds})
        AND r.bucket NOT IN (SELECT up FROM agg) RETURNING 1),
    put AS (${insertRollups(sql, sourceId, sql`${grain.seconds}`, sql`a.up`, sql`canned c ON c.up = a.up`)}
      RETURNING 1)
    SELECT (SELECT count(*) FROM put)::int AS put, (SELECT count(*) FROM gone)::int AS gone`

interface Span {
  readonly lo: Date | string
  readonly hi: Date | string
}

const iso = (v: Date | string) => (typeof v === "string" ? new Date(v) : v).toISOString()

/**
 * After fixes of `sourceId` within [fromMs, toMs] were stored (or deleted): its minutes, then
 * their hours, then their days, recomputed. Runs in the caller's transaction.
 */
export const refresh = (sourceId: string, fromMs: number, toMs: number) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const [span] = yield* spanOf(sql, sourceId, fromMs, toMs)
    if (span === undefined) return
    const loIso = iso(span.lo)
    const hiIso = iso(span.hi)
    yield* refreshMinutes(sql, sourceId, { lo: loIso, hi: hiIso, until: iso(span.until) })
    yield* refreshFrom(sql, sourceId, 60, grains[1], loIso, hiIso)
    yield* refreshFrom(sql, sourceId, 3600, grains[2], loIso, hiIso)
  }).pipe(Effect.orDie)

/** The week bins of the weeks that meet [fromIso, toIso), summed again from their day bins. */
export const weekBins = (sql: SqlClient.SqlClient, sourceId: string, fromIso: string, toIso: string) =>
  Effect.gen(function* () {
    const first = sql`date_trunc('week', ${fromIso}::timestamptz, 'UTC')`
    const end = sql`date_trunc('week', ${toIso}::timestamptz - interval '1 microsecond', 'UTC') + interval '7 days'`
    yield* sql`DELETE FROM fix_bins WHERE source_id = ${sourceId} AND grain = 604800
      AND bucket >= ${first} AND bucket < ${end}`
    yield* sql`INSERT INTO fix_bins (source_id, grain, bucket, field, bin, n)
      SELECT source_id, 604800, date_trunc('week', bucket, 'UTC'), field, bin, sum(n)::int FROM fix_bins
      WHERE source_id = ${sourceId} AND grain = 86400 AND bucket >= ${first} AND bucket < ${end}
      GROUP BY 1, 2, 3, 4, 5`
  })

/**
 * Rebuilds every rollup and bin of `sourceId` within [fromMs, toMs) from its fixes (after a
 * deletion, or for fixes stored before rollups existed): whole days, in the caller's transaction.
 */
export const rebuild = (sourceId: string, fromMs: number, toMs: number) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const dayMs = 86_400_000
    const from = Math.floor(fromMs / dayMs) * dayMs
    const to = Math.ceil(toMs / dayMs) * dayMs
    yield* sql`DELETE FROM fix_bins WHERE source_id = ${sourceId} AND grain < 604800
      AND bucket >= ${lo(from)}::timestamptz AND bucket < ${lo(to)}::timestamptz`
    yield* sql`INSERT INTO fix_bins (source_id, grain, bucket, field, bin, n)
      ${binsOf(
        sql,
        sql`(SELECT source_id, at, speed_kmh, can FROM fixes WHERE source_id = ${sourceId}
        AND at >= ${lo(from)}::timestamptz AND at < ${lo(to)}::timestamptz) r`,
        false,
      )}`
    yield* weekBins(sql, sourceId, lo(from), lo(to))
    yield* refresh(sourceId, from, to - 1)
  }).pipe(Effect.orDie)

/** The first and last instant of a source's fixes (ms), if it has any. */
export const sourceExtent = (sourceId: string) =>
  Effect.flatMap(
    SqlClient.SqlClient,
    (sql) => sql<{ lo: number | string | null; hi: number | string | null }>`SELECT
      extract(epoch FROM min(at)) * 1000 AS lo, extract(epoch FROM max(at)) * 1000 AS hi
      FROM fixes WHERE source_id = ${sourceId}`,
  ).pipe(
    Effect.map(([row]) =>
      row?.lo == null || row.hi == null ? null : { lo: Number(row.lo), hi: Number(row.hi) },
    ),
    Effect.orDie,
  )
