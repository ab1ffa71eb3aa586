// Rollups kept by the ingest (server/rollups/sql.ts) checked against the same figures computed at
// once over the raw fixes, on PGlite and PostgreSQL: in-order uploads, late and interleaved ones,
// a duplicate replay, and a rebuild after a deletion.
import { SqlClient } from "@effect/sql"
import { Effect } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { hashSecret, newSecret } from "../ingest/secrets"
import { backends, startTestApp, type TestApp } from "../test/app"
import { randomTrace as trace } from "../test/fixes"
import { rebuild } from "./sql"

const minute = 60_000
const hour = 60 * minute
const iso = (ms: number) => new Date(ms).toISOString()

interface Row {
  grain: number
  bucket: string
  fixes: number
  seconds: number
  moving_s: number
  engine_s: number
  distance_m: number
  speed_n: number
  speed_sum: number
  speed_min: number | null
  speed_max: number | null
  vib_s: Array<number>
  battery: number | null
  can: Record<string, { n: number; sum: number; min: number; max: number; last: number }>
}

describe.each(backends)("rollups on %s", (backend) => {
  let app: TestApp
  let n = 0
  const registeredAt = Date.now() - 10 * 24 * hour

  const box = async () => {
    const id = `ROL-${backend[0].toUpperCase()}${++n}-${Date.now() % 100000}`
    const secret = newSecret()
    await app.sql(
      (sql) => sql`INSERT INTO counters (id, kind, secret_hash, secret_issued_at, created_at)
        VALUES (${id}, 'box', ${hashSecret(secret)}, now(), ${iso(registeredAt)}::timestamptz)`,
    )
    const [source] = await app.sql(
      (sql) => sql<{ id: string }>`SELECT id FROM telemetry_sources WHERE counter_id = ${id}`,
    )
    return { id, source: source.id, auth: { authorization: `Bearer ${secret}` } }
  }
  const upload = async (b: { id: string; auth: Record<string, string> }, fixes: ReadonlyArray<unknown>) => {
    const res = await app.call("POST", `/api/v2/boxes/${b.id}/fixes`, {
      body: { fixes },
      headers: { "content-type": "application/json", ...b.auth },
    })
    expect(res.status).toBe(200)
    const answer = (await res.json()) as { new: number; refused: ReadonlyArray<unknown> }
    expect(answer.refused).toEqual([])
  }

  const columns = `fixes, seconds, moving_s, engine_s, distance_m, speed_n, speed_sum, speed_min, speed_max, vib_s,
    battery, can`
  const rollups = (source: string) =>
    app.sql(
      (sql) => sql<Row>`SELECT grain, to_char(bucket AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI') AS bucket,
        ${sql.unsafe(columns)} FROM fix_rollups WHERE source_id = ${source} ORDER BY grain, bucket`,
    )

  /** The same figures, straight from the raw fixes, for each grain. */
  const exact = (source: string) =>
    app.sql(
      (
        sql,
      ) => sql<Row>`WITH f AS (SELECT f.*, lead(at) OVER w AS next_at, lead(lng) OVER w AS nlng, lead(lat) OVER w AS nlat
          FROM fixes f WHERE source_id = ${source} WINDOW w AS (ORDER BY at)),
        d AS (SELECT f.*, CASE WHEN next_at IS NULL THEN 0 ELSE least(extract(epoch FROM next_at - at)::float8, 60) END AS dur,
          CASE WHEN next_at - at <= interval '60 seconds'
            THEN ST_DistanceSphere(ST_MakePoint(lng, lat), ST_MakePoint(nlng, nlat)) ELSE 0 END AS dist FROM f),
        m AS (SELECT d.*, coalesce(speed_kmh::float8, CASE WHEN dur > 0 THEN dist / dur * 3.6 END, 0) > 2 AS moving,
          coalesce((can ->> 'engineSpeed')::float8 > 0, false) OR coalesce(vibration >= 1, false) AS engine FROM d),
        g AS (SELECT m.*, x.grain, date_trunc(x.unit, m.at, 'UTC') AS bucket FROM m
          CROSS JOIN (VALUES (60, 'minute'), (3600, 'hour'), (86400, 'day')) x(grain, unit))
        SELECT grain, to_char(bucket AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI') AS bucket, count(*)::int AS fixes,
          sum(dur) AS seconds, sum(dur) FILTER (WHERE moving) AS moving_s, sum(dur) FILTER (WHERE engine) AS engine_s,
          sum(dist) AS distance_m, count(speed_kmh)::int AS speed_n, coalesce(sum(speed_kmh), 0) AS speed_sum,
          min(speed_kmh) AS speed_min, max(speed_kmh) AS speed_max,
          ARRAY[coalesce(sum(dur) FILTER (WHERE vibration = 0), 0), coalesce(sum(dur) FILTER (WHERE vibration = 1), 0),
            coalesce(sum(dur) FILTER (WHERE vibration = 2), 0), coalesce(sum(dur) FILTER (WHERE vibration = 3), 0)] AS vib_s,
          (array_agg(battery ORDER BY at DESC))[1] AS battery,
          (SELECT jsonb_object_agg(k, jsonb_build_object('n', c, 'sum', s, 'min', mi, 'max', ma, 'last', la))
            FROM (SELECT e.key AS k, count(*) AS c, sum(e.value::float8) AS s, min(e.value::float8) AS mi,
                max(e.value::float8) AS ma, (array_agg(e.value::float8 ORDER BY g2.at DESC))[1] AS la
              FROM g g2, jsonb_each_text(g2.can) e WHERE g2.grain = g.grain AND g2.bucket = g.bucket GROUP BY e.key) z) AS can
        FROM g GROUP BY grain, bucket ORDER BY grain, bucket`,
    )

  const close = (a: number | null, b: number | null) =>
    a === null || b === null ? a === b : Math.abs(a - b) <= 1e-5 * Math.abs(b) + 1e-3
  /** Rollups equal to the exact figures, bucket by bucket (floats to a millimetre or a millisecond). */
  const expectExact = async (source: string) => {
    const [got, want] = await Promise.all([rollups(source), exact(source)])
    expect(got.map((r) => `${r.grain} ${r.bucket}`)).toEqual(want.map((r) => `${r.grain} ${r.bucket}`))
    for (const [i, w] of want.entries()) {
      const g = got[i]
      const where = `${w.grain} ${w.bucket}`
      expect(g.fixes, where).toBe(w.fixes)
      expect(g.speed_n, where).toBe(w.speed_n)
      for (const key of [
        "seconds",
        "moving_s",
        "engine_s",
        "distance_m",
        "speed_sum",
        "speed_min",
        "speed_max",
        "battery",
      ] as const)
        expect(
          close(Number(g[key] ?? 0), Number(w[key] ?? 0)),
          `${where} ${key}: ${g[key]} ≠ ${w[key]}`,
        ).toBe(true)
      for (const level of [0, 1, 2, 3])
        expect(close(Number(g.vib_s[level]), Number(w.vib_s[level])), `${where} vib ${level}`).toBe(true)
      expect(Object.keys(g.can).sort(), where).toEqual(Object.keys(w.can ?? {}).sort())
      for (const [name, v] of Object.entries(w.can ?? {}))
        for (const key of ["n", "sum", "min", "max", "last"] as const)
          expect(close(Number(g.can[name][key]), Number(v[key])), `${where} ${name}.${key}`).toBe(true)
    }
    return got.length
  }
  /** Fixes per bucket and value in the bins of `grain`, and as counted from the fixes themselves. */
  const binsPer = (source: string, grain: number) =>
    app.sql(
      (sql) => sql<{ bucket: string; field: string; n: number }>`SELECT to_char(bucket AT TIME ZONE 'UTC',
          'YYYY-MM-DD"T"HH24') AS bucket, field, sum(n)::int AS n FROM fix_bins
        WHERE source_id = ${source} AND grain = ${grain} GROUP BY 1, 2 ORDER BY 1, 2`,
    )
  const exactBinsPer = (source: string, unit: string) =>
    app.sql(
      (sql) => sql<{ bucket: string; field: string; n: number }>`SELECT to_char(date_trunc(${unit}, at, 'UTC')
          AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24') AS bucket, field, count(*)::int AS n
        FROM (SELECT at, 'speed' AS field FROM fixes WHERE source_id = ${source} AND speed_kmh IS NOT NULL
          UNION ALL SELECT at, 'can.' || k FROM fixes, jsonb_object_keys(can) k WHERE source_id = ${source}) x
        GROUP BY 1, 2 ORDER BY 1, 2`,
    )
  /** Every hour's, day's and week's (from Monday) bins hold exactly the fixes of their bucket. */
  const expectBinsExact = async (source: string) => {
    for (const [grain, unit] of [
      [3600, "hour"],
      [86400, "day"],
      [604800, "week"],
    ] as const)
      expect(await binsPer(source, grain), unit).toEqual(await exactBinsPer(source, unit))
  }

  beforeAll(async () => {
    app = await startTestApp(backend)
  })
  afterAll(() => app?.close())

  it("sums every minute, hour and day as the raw fixes do, uploaded in order", async () => {
    const b = await box()
    const fixes = trace(registeredAt + hour + 50 * minute, 600, 7)
    for (let i = 0; i < fixes.length; i += 100) await upload(b, fixes.slice(i, i + 100))
    expect(await expectExact(b.source)).toBeGreaterThan(100)
    await expectBinsExact(b.source)
  })

  it("stays exact when uploads come late, out of order, interleaved and twice", async () => {
    const b = await box()
    const fixes = trace(registeredAt + 23 * hour + 10 * minute, 500, 11)
    const odd = fixes.filter((_, i) => i % 2 === 1)
    const even = fixes.filter((_, i) => i % 2 === 0)
    // The second half first, then the odd fixes of the first half, then everything again.
    await upload(b, odd.slice(odd.length / 2))
    await upload(b, even.slice(even.length / 2))
    await upload(b, odd.slice(0, odd.length / 2))
    await upload(b, even.slice(0, even.length / 2).reverse())
    await upload(b, fixes.slice(0, 150))
    expect(await expectExact(b.source)).toBeGreaterThan(100)
    await expectBinsExact(b.source)
  })

  it("is rebuilt exact after fixes are deleted", async () => {
    const b = await box()
    const fixes = trace(registeredAt + 30 * hour, 300, 5)
    await upload(b, fixes)
    const cut = Date.parse(fixes[120].t)
    await app.sql(
      (sql) => sql`DELETE FROM fixes WHERE source_id = ${b.source} AND at >= ${iso(cut)}::timestamptz
        AND at < ${iso(cut + 20 * minute)}::timestamptz`,
    )
    await app.sql((sql) =>
      Effect.provideService(rebuild(b.source, cut, cut + 20 * minute), SqlClient.SqlClient, sql),
    )
    await expectExact(b.source)
    await expectBinsExact(b.source)
  })

  it("counts a trace across Monday midnight in both weeks' bins, uploaded backwards, and after a deletion", async () => {
    const b = await box()
    // The last Monday 00:00 UTC at least two days ago (within the box's ten days).
    const day = 24 * hour
    const twoDaysAgo = Date.now() - 2 * day
    const monday = Math.floor((twoDaysAgo - 4 * day) / (7 * day)) * 7 * day + 4 * day
    expect(new Date(monday).getUTCDay()).toBe(1)
    const fixes = trace(monday - 20 * minute, 480, 13)
    await upload(b, fixes.slice(240))
    await upload(b, fixes.slice(0, 240))
    await expectBinsExact(b.source)
    const weeks = await binsPer(b.source, 604800)
    expect(new Set(weeks.map((w) => w.bucket))).toEqual(
      new Set([iso(monday - 7 * day), iso(monday)].map((t) => t.slice(0, 13))),
    )
    await app.sql(
      (
        sql,
      ) => sql`DELETE FROM fixes WHERE source_id = ${b.source} AND at >= ${iso(monday - 5 * minute)}::timestamptz
        AND at < ${iso(monday + 5 * minute)}::timestamptz`,
    )
    await app.sql((sql) =>
      Effect.provideService(
        rebuild(b.source, monday - 5 * minute, monday + 5 * minute),
        SqlClient.SqlClient,
        sql,
      ),
    )
    await expectExact(b.source)
    await expectBinsExact(b.source)
  })
})
