// Size: one scenario, kept whole: boxes upload, the server is killed, restarted, and what was acknowledged is compared with what is stored.
/**
 * What an acknowledged upload is worth when the server dies: 50 boxes upload at once (180 fixes
 * at a time, each box one upload after the other) to a server in its own process; after a few
 * seconds the server is killed with SIGKILL (no shutdown of any kind). Then, on the same database:
 * every upload in flight at the kill is stored whole or not at all; the server restarts; each box
 * sends again the upload it got no answer for, as a box does; and every fix ever acknowledged is
 * there, none twice.
 *
 * `npx tsx scripts/bench/ingestCrash.ts` (BENCH_BACKENDS=postgres by default; `pglite` runs the same
 * scenario on the embedded database: see docs/box-protocol.md for what each promises).
 */
import { type ChildProcess, spawn } from "node:child_process"
import { join } from "node:path"
import { SqlClient } from "@effect/sql"
import { Effect, Layer } from "effect"
import { dbLayer } from "../../server/db/client"
import { hashSecret, newSecret } from "../../server/ingest/secrets"
import { textArray } from "../../server/ingest/validate"
import { type Backend, freshDatabase } from "../../server/test/databases"
import { freePort } from "../../test/e2e/support/server"
import { fixesOf, uploadSize } from "./ingest"
import { benchBackends } from "./report"

const boxCount = 50
const killAfterMs = Number(process.env.BENCH_KILL_AFTER_MS ?? 4000)

type Db = { dataDir: string; databaseUrl: string | undefined }

/** Runs `f` on the database from this process (the server stopped or killed, for PGlite). */
const withSql = <A>(db: Db, f: (sql: SqlClient.SqlClient) => Effect.Effect<A, unknown>) =>
  Effect.runPromise(
    Effect.scoped(
      Effect.flatMap(Layer.build(dbLayer(db)), (ctx) =>
        Effect.provide(Effect.flatMap(SqlClient.SqlClient, f), ctx),
      ),
    ),
  )

const startChild = async (db: Db) => {
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  let output = ""
  const child = spawn("node", ["--import", "tsx", "server/main.ts"], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: db.dataDir,
      DATABASE_URL: db.databaseUrl ?? "",
      SEED_DEMO: "0",
      DIST_DIR: join(db.dataDir, "no-dist"),
    },
    stdio: ["ignore", "pipe", "pipe"],
  })
  child.stdout?.on("data", (d) => {
    output += d
  })
  child.stderr?.on("data", (d) => {
    output += d
  })
  const deadline = Date.now() + 120_000
  let last = ""
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited:\n${output}`)
    // A request that arrives between the listen and the handler being in place waits: ask again.
    const ok = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2000) }).then(
      (r) => {
        last = `health answered ${r.status}`
        return r.ok
      },
      (e) => {
        last = String(e?.cause ?? e)
        return false
      },
    )
    if (ok) return { url, child }
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`server never became healthy (${last}):\n${output}`)
}

const exited = (child: ChildProcess) =>
  new Promise((r) => (child.exitCode !== null || child.signalCode !== null ? r(null) : child.once("exit", r)))

interface Box {
  readonly id: string
  readonly auth: string
  next: number
  /** The times of every fix an answer acknowledged. */
  readonly acked: Array<string>
  /** The upload that got no answer (in flight at the kill), to send again. */
  pending: Array<ReturnType<typeof fixesOf>[number]> | null
}

const send = async (url: string, box: Box, fixes: ReadonlyArray<unknown>) => {
  const res = await fetch(`${url}/api/v2/boxes/${box.id}/fixes`, {
    method: "POST",
    headers: { authorization: box.auth, "content-type": "application/json" },
    body: JSON.stringify({ fixes }),
  })
  return { status: res.status, answer: (await res.json()) as { new: number; known: number } }
}

export const crashCheck = async (backend: Backend) => {
  const db = await freshDatabase(backend)
  const secrets = Array.from({ length: boxCount }, () => newSecret())
  const boxes: Array<Box> = secrets.map((secret, i) => ({
    id: `CRASH-${i}`,
    auth: `Bearer ${secret}`,
    next: Date.now() - 30 * 86_400_000,
    acked: [],
    pending: null,
  }))
  await withSql(
    db,
    (sql) => sql`INSERT INTO counters (id, secret_hash, created_at)
      SELECT * , '2020-01-01T00:00:00Z'::timestamptz FROM unnest(${textArray(boxes.map((b) => b.id))}::text[],
        ${textArray(secrets.map(hashSecret))}::text[])`,
  )
  try {
    const first = await startChild(db)
    let killed = false
    const uploads = boxes.map(async (box, i) => {
      while (!killed) {
        const fixes = fixesOf(box.next, uploadSize, i)
        box.next += uploadSize * 5000
        box.pending = fixes
        try {
          const { status, answer } = await send(first.url, box, fixes)
          if (status !== 200 || answer.new + answer.known !== fixes.length)
            throw new Error(`upload answered ${status} ${JSON.stringify(answer)}`)
          box.acked.push(...fixes.map((f) => f.t))
          box.pending = null
        } catch (error) {
          if (!killed) throw error
          return // no answer: the server is gone
        }
      }
    })
    await new Promise((r) => setTimeout(r, killAfterMs))
    killed = true
    first.child.kill("SIGKILL")
    await exited(first.child)
    await Promise.all(uploads)
    const acknowledged = boxes.reduce((n, b) => n + b.acked.length, 0)
    const inFlight = boxes.filter((b) => b.pending !== null)

    // Uploads in flight: stored whole or not at all (one statement, one transaction).
    const counts = await withSql(
      db,
      (sql) => sql<{ id: string; n: number }>`SELECT s.counter_id AS id, count(f.*)::int AS n
        FROM telemetry_sources s LEFT JOIN fixes f ON f.source_id = s.id
        WHERE s.counter_id LIKE 'CRASH-%' GROUP BY s.counter_id`,
    )
    const storedBefore = new Map(counts.map((r) => [r.id, r.n]))
    let whole = 0
    let none = 0
    let partial = 0
    for (const b of inFlight) {
      const extra = (storedBefore.get(b.id) ?? 0) - b.acked.length
      if (extra === uploadSize) whole++
      else if (extra === 0) none++
      else partial++
    }

    // Restarted on the same database, each box sends again what got no answer.
    const second = await startChild(db)
    let resentNew = 0
    let resentKnown = 0
    await Promise.all(
      inFlight.map(async (box) => {
        const fixes = box.pending ?? []
        const { status, answer } = await send(second.url, box, fixes)
        if (status !== 200) throw new Error(`resent upload answered ${status}`)
        resentNew += answer.new
        resentKnown += answer.known
        box.acked.push(...fixes.map((f) => f.t))
      }),
    )
    second.child.kill("SIGTERM")
    await exited(second.child)

    const stored = await withSql(
      db,
      (sql) => sql<{ id: string; at: Date }>`SELECT s.counter_id AS id, f.at FROM fixes f
        JOIN telemetry_sources s ON s.id = f.source_id WHERE s.counter_id LIKE 'CRASH-%'`,
    )
    const byBox = new Map<string, Map<number, number>>()
    for (const row of stored) {
      const times = byBox.get(row.id) ?? new Map<number, number>()
      const t = new Date(row.at).getTime()
      times.set(t, (times.get(t) ?? 0) + 1)
      byBox.set(row.id, times)
    }
    let lost = 0
    for (const b of boxes) for (const t of b.acked) if (!byBox.get(b.id)?.has(Date.parse(t))) lost++
    const twice = [...byBox.values()].reduce(
      (n, times) => n + [...times.values()].filter((c) => c > 1).length,
      0,
    )
    const lines = [
      `${backend}: ${boxCount} boxes uploading ${uploadSize} fixes at a time, server killed with SIGKILL after ${killAfterMs} ms`,
      `  acknowledged before the kill: ${acknowledged} fixes`,
      `  uploads in flight at the kill: ${inFlight.length} (stored whole: ${whole}, not at all: ${none}, partly: ${partial})`,
      `  sent again after the restart: ${resentNew} new, ${resentKnown} known`,
      `  stored: ${stored.length} fixes; acknowledged and lost: ${lost}; stored twice: ${twice}`,
    ]
    console.log(lines.join("\n"))
    return { lost, twice, partial }
  } finally {
    await db.drop()
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const backends = benchBackends("postgres")
  ;(async () => {
    let failed = false
    for (const backend of backends) {
      const { lost, twice, partial } = await crashCheck(backend)
      if (lost + twice + partial > 0) failed = true
    }
    if (failed) {
      console.error("CRASH CHECK FAILED: acknowledged fixes lost, stored twice or an upload stored in part")
      process.exitCode = 1
    }
  })().catch((error) => {
    console.error(error)
    process.exit(1)
  })
}
