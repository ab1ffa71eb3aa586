// Size: one measurement on both databases (sustained uploads, one upload's latency, a thousand boxes at once), each against the bare insert of the same rows.
/**
 * Box ingest under load, on PGlite and on the PostgreSQL server (TEST_DATABASE_URL), each on a
 * fresh database, against a baseline measured in the same run on the same database: the bare
 * `INSERT … SELECT FROM unnest(…)` of the same rows, sent by the same number of concurrent
 * writers straight through the server's own SQL client (no HTTP, no authentication, no checks,
 * no idempotency answer, no battery). The server runs in this process (PGlite cannot be shared
 * between processes), so the load generator's own work counts against Sillon.
 *
 * `npx tsx scripts/bench/ingest.ts` runs it alone (BENCH_SECONDS, BENCH_BACKENDS).
 */
import { SqlClient } from "@effect/sql"
import { Effect } from "effect"
import { startServer } from "../../server/app"
import { configFromEnv } from "../../server/config"
import { hashSecret, newSecret } from "../../server/ingest/secrets"
import { checkFixes, numberArray, textArray } from "../../server/ingest/validate"
import { type Backend, freshDatabase } from "../../server/test/databases"
import type { WireFix } from "../../src/schema/telemetry"
import { benchBackends, type Figure, percentile, printFigures } from "./report"

/** What a box uploads every 15 minutes: a fix every 5 s. */
export const uploadSize = 180
const step = 5000
const writers = 8

/** `n` fixes of a box from `from` (ms), every 5 s, as a tractor at work sends them (CAN on half). */
export const fixesOf = (from: number, n: number, seed: number): Array<WireFix> =>
  Array.from({ length: n }, (_, i) => {
    const k = seed * 7919 + i
    return {
      t: new Date(from + i * step).toISOString(),
      lng: 1.4 + (k % 1000) * 1e-5,
      lat: 43.6 + (k % 777) * 1e-5,
      acc: 2.5,
      spd: 8 + (k % 5),
      hdg: (k * 3) % 360,
      alt: 150,
      sat: 11,
      vib: "medium",
      bat: 80,
      ...(k % 2 === 0 ? { can: { engineSpeed: 1700 + (k % 200), fuelRate: 14.5 } } : {}),
    }
  })

type Run = <A>(f: (sql: SqlClient.SqlClient) => Effect.Effect<A, unknown>) => Promise<A>

interface Box {
  readonly id: string
  readonly sourceId: string
  readonly auth: string
  /** The time of its next fix (ms). */
  next: number
}

/** `count` boxes registered straight in the table, long ago, each with its secret. */
const makeBoxes = async (run: Run, prefix: string, count: number, start: number): Promise<Array<Box>> => {
  const boxes = Array.from({ length: count }, (_, i) => ({
    id: `${prefix}-${i}`,
    secret: newSecret(),
  }))
  await run(
    (sql) => sql`INSERT INTO counters (id, secret_hash, secret_issued_at, created_at)
      SELECT b.id, b.secret_hash, now(), '2020-01-01T00:00:00Z'::timestamptz
      FROM unnest(${textArray(boxes.map((b) => b.id))}::text[],
                  ${textArray(boxes.map((b) => hashSecret(b.secret)))}::text[]) AS b(id, secret_hash)`,
  )
  // The trigger made each box's source: read after the insert (a statement does not see its own trigger's rows).
  const rows = await run(
    (sql) => sql<{ id: string; source_id: string }>`SELECT counter_id AS id, id AS source_id
      FROM telemetry_sources WHERE counter_id LIKE ${`${prefix}-%`}`,
  )
  const sources = new Map(rows.map((r) => [r.id, r.source_id]))
  return boxes.map((b) => ({
    id: b.id,
    sourceId: sources.get(b.id) ?? "",
    auth: `Bearer ${b.secret}`,
    next: start,
  }))
}

/** The bare statement: the same rows, the same columns, nothing else. */
const bareInsert = (run: Run, box: Box, fixes: ReadonlyArray<WireFix>) => {
  const c = checkFixes(fixes, 0, Number.POSITIVE_INFINITY).columns
  return run(
    (sql) => sql`INSERT INTO fixes (source_id, at, lng, lat, accuracy_m, speed_kmh, heading_deg, altitude_m,
                               satellites, vibration, vibration_raw, battery, can, tags)
      SELECT ${box.sourceId}::uuid, f.*
      FROM unnest(${textArray(c.at)}::timestamptz[], ${numberArray(c.lng)}::float8[],
                  ${numberArray(c.lat)}::float8[], ${numberArray(c.acc)}::real[],
                  ${numberArray(c.spd)}::real[], ${numberArray(c.hdg)}::real[],
                  ${numberArray(c.alt)}::real[], ${numberArray(c.sat)}::smallint[],
                  ${numberArray(c.vib)}::smallint[], ${numberArray(c.vibRaw)}::real[],
                  ${numberArray(c.bat)}::real[], ${textArray(c.can)}::jsonb[], ${textArray(c.tags)}::jsonb[])
           AS f(at, lng, lat, acc, spd, hdg, alt, sat, vib, vib_raw, bat, can, tags)`,
  )
}

/**
 * One upload through HTTP with the box's secret, sent again when the connection drops (as a box
 * does: a kept-alive connection the server closed while this process was busy in PGlite).
 */
const upload = async (url: string, box: Box, fixes: ReadonlyArray<WireFix>, attempt = 1): Promise<number> => {
  let res: Response
  try {
    res = await fetch(`${url}/api/v2/boxes/${box.id}/fixes`, {
      method: "POST",
      headers: { authorization: box.auth, "content-type": "application/json" },
      body: JSON.stringify({ fixes }),
    })
  } catch (error) {
    if (attempt >= 3) throw error
    return upload(url, box, fixes, attempt + 1)
  }
  const answer = (await res.json()) as { new?: number; known?: number }
  if (res.status !== 200 || (answer.new ?? 0) + (answer.known ?? 0) !== fixes.length)
    throw new Error(`upload answered ${res.status} ${JSON.stringify(answer).slice(0, 200)}`)
  return fixes.length
}

/** `writers` loops sending batches of `size` until `seconds` have passed: fixes per second. */
const sustained = async (
  boxes: ReadonlyArray<Box>,
  size: number,
  seconds: number,
  send: (box: Box, fixes: ReadonlyArray<WireFix>) => Promise<unknown>,
) => {
  const started = performance.now()
  const deadline = started + seconds * 1000
  let stored = 0
  await Promise.all(
    boxes.map(async (box, i) => {
      while (performance.now() < deadline) {
        const fixes = fixesOf(box.next, size, i)
        box.next += size * step
        await send(box, fixes)
        stored += fixes.length
      }
    }),
  )
  return stored / ((performance.now() - started) / 1000)
}

/** Each call's time, one at a time. */
const latencies = async (rounds: number, call: (i: number) => Promise<unknown>) => {
  const times: Array<number> = []
  for (let i = 0; i < rounds; i++) {
    const started = performance.now()
    await call(i)
    times.push(performance.now() - started)
  }
  return times
}

/** All `boxes` at once, one upload each: the wall time and each call's time. */
const burst = async (
  boxes: ReadonlyArray<Box>,
  send: (box: Box, fixes: ReadonlyArray<WireFix>) => Promise<unknown>,
) => {
  const started = performance.now()
  const times = await Promise.all(
    boxes.map(async (box, i) => {
      const fixes = fixesOf(box.next, uploadSize, i)
      box.next += uploadSize * step
      const t = performance.now()
      await send(box, fixes)
      return performance.now() - t
    }),
  )
  return { wall: performance.now() - started, times }
}

export const measureIngest = async (seconds: number, backends: ReadonlyArray<Backend>) => {
  const figures: Array<Figure> = []
  for (const backend of backends) {
    const db = await freshDatabase(backend)
    const config = {
      ...configFromEnv({}),
      port: 0,
      dataDir: db.dataDir,
      databaseUrl: db.databaseUrl,
      seedDemo: false,
    }
    const server = await startServer(config)
    const run: Run = (f) => server.runtime.runPromise(Effect.flatMap(SqlClient.SqlClient, f))
    try {
      // Forty days ago onwards, every box on its own timeline: new fixes only, as in the field.
      const start = Date.now() - 40 * 86_400_000
      const http = await makeBoxes(run, `BENCH-H-${backend.toUpperCase()}`, writers, start)
      const bare = await makeBoxes(run, `BENCH-B-${backend.toUpperCase()}`, writers, start)
      const viaHttp = (box: Box, fixes: ReadonlyArray<WireFix>) => upload(server.url, box, fixes)
      const viaSql = (box: Box, fixes: ReadonlyArray<WireFix>) => bareInsert(run, box, fixes)
      // Warm both paths up (prepared statements, JIT).
      await sustained(http, uploadSize, 1, viaHttp)
      await sustained(bare, uploadSize, 1, viaSql)
      for (const size of [uploadSize, 5000]) {
        // Measured twice each, in reverse order the second time, the better of each kept.
        const h1 = await sustained(http, size, seconds / 2, viaHttp)
        const b1 = await sustained(bare, size, seconds / 2, viaSql)
        const b2 = await sustained(bare, size, seconds / 2, viaSql)
        const h2 = await sustained(http, size, seconds / 2, viaHttp)
        figures.push({
          name: `${backend}: sustained ingest, ${writers} boxes uploading ${size} fixes at a time (HTTP, box secret, checks, answer)`,
          value: Math.max(h1, h2),
          baseline: Math.max(b1, b2),
          unit: "fixes/s",
          baselineName: `bare INSERT … SELECT FROM unnest of the same rows, ${writers} writers`,
        })
      }
      const one = http[0]
      const rounds = 300
      const httpTimes = await latencies(rounds, () => {
        const fixes = fixesOf(one.next, uploadSize, 0)
        one.next += uploadSize * step
        return viaHttp(one, fixes)
      })
      const bareTimes = await latencies(rounds, () => {
        const fixes = fixesOf(bare[0].next, uploadSize, 0)
        bare[0].next += uploadSize * step
        return viaSql(bare[0], fixes)
      })
      figures.push(
        {
          name: `${backend}: one ${uploadSize}-fix upload, p50 (${rounds} one after another)`,
          value: percentile(httpTimes, 50),
          baseline: percentile(bareTimes, 50),
          unit: "ms",
          baselineName: "bare insert of the same rows",
        },
        {
          name: `${backend}: one ${uploadSize}-fix upload, p99 (aim ≤ 20 ms)`,
          value: percentile(httpTimes, 99),
          baseline: percentile(bareTimes, 99),
          unit: "ms",
          baselineName: "bare insert of the same rows",
        },
      )
      const crowd = await makeBoxes(run, `BENCH-C-${backend.toUpperCase()}`, 1000, start)
      const crowdBare = await makeBoxes(run, `BENCH-D-${backend.toUpperCase()}`, 1000, start)
      const h = await burst(crowd, viaHttp)
      const b = await burst(crowdBare, viaSql)
      const [{ n }] = await run(
        (sql) => sql<{ n: number }>`SELECT count(*)::int AS n FROM fixes f
          JOIN telemetry_sources s ON s.id = f.source_id WHERE s.counter_id LIKE ${`BENCH-C-${backend.toUpperCase()}-%`}`,
      )
      if (n !== 1000 * uploadSize) throw new Error(`1,000 boxes: ${n} fixes stored, not ${1000 * uploadSize}`)
      figures.push({
        name: `${backend}: 1,000 boxes uploading ${uploadSize} fixes at once, until the last answer`,
        value: h.wall,
        baseline: b.wall,
        unit: "ms",
        baselineName: "1,000 bare inserts at once",
        note: `every upload answered 200 and stored; p99 of one upload ${percentile(h.times, 99).toFixed(0)} ms (bare ${percentile(b.times, 99).toFixed(0)} ms)`,
      })
    } finally {
      await server.close()
      await db.drop()
    }
  }
  return figures
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const seconds = Number(process.env.BENCH_SECONDS ?? 10)
  const backends = benchBackends()
  measureIngest(seconds, backends)
    .then((figures) => printFigures(`Box ingest (${seconds} s each; aim: ratio ≥ 0.6)`, figures))
    .catch((error) => {
      console.error(error)
      process.exit(1)
    })
}
