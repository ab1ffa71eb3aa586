// Size: the API cases of jobs, each run on PGlite and PostgreSQL, kept together with the set-up they share.
import { randomUUID } from "node:crypto"
import { SqlClient } from "@effect/sql"
import { Effect, Exit, ManagedRuntime, Option, Scope } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { dbLayer } from "../db/client"
import { eventually } from "../test/app"
import { backends, freshDatabase, type TestDatabase } from "../test/databases"
import { backoffMillis, type JobHandler, jobRow, makeJobs, runWorker, type WorkerOptions } from "./jobs"

type Db = ManagedRuntime.ManagedRuntime<SqlClient.SqlClient, unknown>

/** One "instance": a queue and its worker over `db`, until `stop`. */
const startInstance = async (db: Db, options: WorkerOptions = {}) => {
  const scope = await db.runPromise(Scope.make())
  const jobs = await db.runPromise(
    Scope.extend(
      Effect.tap(makeJobs, (jobs) => runWorker(jobs, { pollInterval: "20 millis", ...options })),
      scope,
    ),
  )
  return {
    register: (kind: string, handler: JobHandler, options?: Parameters<typeof jobs.register>[2]) =>
      db.runPromise(jobs.register(kind, handler, options)),
    enqueue: (kind: string, payload: unknown) => db.runPromise(jobs.enqueue(kind, payload)),
    recur: (kind: string, handler: JobHandler, every: string, options?: Parameters<typeof jobs.recur>[3]) =>
      db.runPromise(jobs.recur(kind, handler, every as "1 hour", options)),
    runNow: (kind: string) => db.runPromise(jobs.runNow(kind)),
    stop: () => db.runPromise(Scope.close(scope, Exit.void)),
  }
}

const row = (db: Db, id: string) => db.runPromise(jobRow(id)).then(Option.getOrUndefined)
const gone = (db: Db, id: string) =>
  eventually(async () => ((await row(db, id)) === undefined ? true : undefined))
const sql = <A>(db: Db, f: (sql: SqlClient.SqlClient) => Effect.Effect<A, unknown>) =>
  db.runPromise(Effect.flatMap(SqlClient.SqlClient, f))
const kindName = () => `test-${randomUUID()}`

it("backs off exponentially up to the maximum", () => {
  expect([1, 2, 3, 4, 5, 6].map((attempt) => backoffMillis(attempt, 1000, 10_000))).toEqual([
    1000, 2000, 4000, 8000, 10_000, 10_000,
  ])
})

describe.each(backends)("job queue on %s", (backend) => {
  let database: TestDatabase
  let db: Db
  let instance: Awaited<ReturnType<typeof startInstance>>
  beforeAll(async () => {
    database = await freshDatabase(backend)
    db = ManagedRuntime.make(dbLayer(database))
    instance = await startInstance(db)
  })
  afterAll(async () => {
    await instance?.stop()
    await db?.dispose()
    await database?.drop()
  })

  it("runs an enqueued job once, with its payload, and deletes it", async () => {
    const kind = kindName()
    const runs: Array<unknown> = []
    await instance.register(kind, (payload, job) =>
      Effect.sync(() => runs.push({ payload, attempt: job.attempt })),
    )
    const id = await instance.enqueue(kind, { code: "ABC", n: 1 })
    await gone(db, id)
    expect(runs).toEqual([{ payload: { code: "ABC", n: 1 }, attempt: 1 }])
  })

  it("retries a failing job, then keeps it dead with its last error and a redacted payload", async () => {
    const kind = kindName()
    let runs = 0
    await instance.register(kind, () => Effect.fail(new Error(`refused ${++runs}`)), {
      maxAttempts: 3,
      backoff: "10 millis",
      redact: () => ({ redacted: true }),
    })
    const id = await instance.enqueue(kind, { secret: "one-time code" })
    const dead = await eventually(async () => {
      const r = await row(db, id)
      return r?.dead ? r : undefined
    })
    expect(dead).toMatchObject({ attempts: 3, max_attempts: 3, payload: { redacted: true } })
    expect(dead.last_error).toContain("refused 3")
    expect(runs).toBe(3)
  })

  it("waits the backoff before trying a failed job again", async () => {
    const kind = kindName()
    const attempts: Array<number> = []
    await instance.register(
      kind,
      (_, job) => {
        attempts.push(job.attempt)
        return job.attempt === 1 ? Effect.fail(new Error("SMTP down")) : Effect.void
      },
      { backoff: "1 hour" },
    )
    const id = await instance.enqueue(kind, {})
    const waiting = await eventually(async () => {
      const r = await row(db, id)
      return r?.last_error ? r : undefined
    })
    expect(waiting).toMatchObject({ attempts: 1, dead: false, waiting: true })
    expect(waiting.last_error).toContain("SMTP down")
    const [{ later }] = await sql(
      db,
      (sql) => sql<{ later: boolean }>`SELECT run_at > now() + interval '50 minutes' AS later
        FROM jobs WHERE id = ${id}`,
    )
    expect(later).toBe(true)
    // The hour has passed.
    await sql(db, (sql) => sql`UPDATE jobs SET run_at = now() WHERE id = ${id}`)
    await gone(db, id)
    expect(attempts).toEqual([1, 2])
  })

  it("never runs a job enqueued in a transaction that rolled back", async () => {
    const kind = kindName()
    const runs: Array<string> = []
    await instance.register(kind, (payload) =>
      Effect.sync(() => runs.push((payload as { name: string }).name)),
    )
    const rolledBack = await db.runPromise(
      Effect.gen(function* () {
        const sql = yield* SqlClient.SqlClient
        const jobs = yield* makeJobs
        let id = ""
        const outcome = yield* sql
          .withTransaction(
            Effect.gen(function* () {
              id = yield* jobs.enqueue(kind, { name: "rolled back" })
              return yield* Effect.fail("abort")
            }),
          )
          .pipe(Effect.either)
        expect(outcome._tag).toBe("Left")
        yield* sql.withTransaction(jobs.enqueue(kind, { name: "committed" }))
        return id
      }).pipe(Effect.scoped),
    )
    expect(await row(db, rolledBack)).toBeUndefined()
    await eventually(() => (runs.includes("committed") ? true : undefined))
    const marker = await instance.enqueue(kind, { name: "marker" })
    await gone(db, marker)
    expect(runs.sort()).toEqual(["committed", "marker"])
  })

  it("takes a job again once the lease of a worker that died has passed", async () => {
    const kind = kindName()
    const attempts: Array<number> = []
    await instance.register(kind, (_, job) => Effect.sync(() => attempts.push(job.attempt)))
    // Another instance claimed it (first run) and died: its lease still runs for an hour.
    const [{ id }] = await sql(
      db,
      (sql) => sql<{
        id: string
      }>`INSERT INTO jobs (id, kind, payload, max_attempts, attempts, locked_by, locked_until)
        VALUES (${randomUUID()}, ${kind}, '{}'::jsonb, 5, 1, ${randomUUID()}, now() + interval '1 hour')
        RETURNING id`,
    )
    const marker = await instance.enqueue(kind, {})
    await gone(db, marker)
    expect(attempts).toEqual([1])
    expect(await row(db, id)).toMatchObject({ attempts: 1 })
    await sql(db, (sql) => sql`UPDATE jobs SET locked_until = now() - interval '1 second' WHERE id = ${id}`)
    await gone(db, id)
    expect(attempts).toEqual([1, 2])
  })

  it("keeps as dead a job whose last allowed run never finished", async () => {
    const kind = kindName()
    let runs = 0
    await instance.register(kind, () => Effect.sync(() => runs++))
    const [{ id }] = await sql(
      db,
      (sql) => sql<{
        id: string
      }>`INSERT INTO jobs (id, kind, payload, max_attempts, attempts, locked_by, locked_until)
        VALUES (${randomUUID()}, ${kind}, '{}'::jsonb, 2, 2, ${randomUUID()}, now() - interval '1 second')
        RETURNING id`,
    )
    const dead = await eventually(async () => {
      const r = await row(db, id)
      return r?.dead ? r : undefined
    })
    expect(dead).toMatchObject({ attempts: 2, max_attempts: 2 })
    expect(dead.last_error).toContain("LeaseOverrun")
    expect(runs).toBe(0)
  })

  it("cuts off a run that overruns its lease and tries it again", async () => {
    const kind = kindName()
    const attempts: Array<number> = []
    await instance.register(
      kind,
      (_, job) => {
        attempts.push(job.attempt)
        return job.attempt === 1 ? Effect.never : Effect.void
      },
      { lease: "50 millis", backoff: "1 millis" },
    )
    const id = await instance.enqueue(kind, {})
    await gone(db, id)
    expect(attempts).toEqual([1, 2])
  })

  it("at shutdown releases the job it could not finish, and another instance runs it", async () => {
    const kind = kindName()
    const leaving = await startInstance(db, { shutdownGrace: "10 millis" })
    let started = false
    await leaving.register(kind, () =>
      Effect.zipRight(
        Effect.sync(() => (started = true)),
        Effect.never,
      ),
    )
    const id = await leaving.enqueue(kind, {})
    await eventually(() => (started ? true : undefined))
    await leaving.stop()
    const released = await row(db, id)
    expect(released).toMatchObject({ attempts: 0, dead: false })
    const [{ locked }] = await sql(
      db,
      (sql) => sql<{ locked: boolean }>`SELECT locked_until IS NOT NULL AS locked FROM jobs WHERE id = ${id}`,
    )
    expect(locked).toBe(false)
    const ran: Array<number> = []
    await instance.register(kind, (_, job) => Effect.sync(() => ran.push(job.attempt)))
    await gone(db, id)
    expect(ran).toEqual([1])
  })

  it("two workers on one database never run the same job twice", async () => {
    const kind = kindName()
    // On PostgreSQL a second instance with its own connections; PGlite is one process's database.
    const otherDb: Db = backend === "postgres" ? ManagedRuntime.make(dbLayer(database)) : db
    const other = await startInstance(otherDb)
    try {
      const runs: Array<{ by: string; n: number }> = []
      const handler =
        (by: string): JobHandler =>
        (payload) =>
          Effect.sleep("1 millis").pipe(
            Effect.andThen(() => runs.push({ by, n: (payload as { n: number }).n })),
          )
      await instance.register(kind, handler("a"))
      await other.register(kind, handler("b"))
      const total = 60
      await Promise.all(Array.from({ length: total }, (_, n) => instance.enqueue(kind, { n })))
      await eventually(async () => {
        const [{ left }] = await sql(
          db,
          (sql) => sql<{ left: number }>`SELECT count(*)::int AS left FROM jobs WHERE kind = ${kind}`,
        )
        return left === 0 ? true : undefined
      })
      expect(runs).toHaveLength(total)
      expect(new Set(runs.map((r) => r.n)).size).toBe(total)
    } finally {
      await other.stop()
      if (otherDb !== db) await otherDb.dispose()
    }
  })

  it("runs a recurring job at once, again after its period, kept as one row across restarts and failures", async () => {
    const kind = kindName()
    const recurring = () =>
      sql(
        db,
        (sql) => sql<{
          n: number
          attempts: number
          last_error: string | null
          dead: boolean
          later: boolean
        }>`
          SELECT count(*) OVER ()::int AS n, attempts, last_error, dead_at IS NOT NULL AS dead,
            run_at > now() + interval '30 minutes' AS later
          FROM jobs WHERE kind = ${kind}`,
      )
    let runs = 0
    await instance.recur(kind, () => Effect.sync(() => runs++), "1 hour")
    await eventually(async () => (runs === 1 ? true : undefined))
    // Put back for an hour later, not deleted.
    await eventually(async () => ((await recurring())[0]?.later ? true : undefined))
    // A restart (another instance registering the same kind) makes no second row and no early run.
    const again = await startInstance(db)
    await again.recur(kind, () => Effect.sync(() => runs++), "1 hour")
    expect((await recurring()).map((r) => r.n)).toEqual([1])
    expect(runs).toBe(1)
    await again.stop()
    // Nudged, it runs now; failing every try it still never dies, and waits for its next period.
    let failures = 0
    await instance.recur(kind, () => Effect.fail(new Error(`down ${++failures}`)), "1 hour", {
      maxAttempts: 2,
      backoff: "10 millis",
    })
    await instance.runNow(kind)
    await eventually(async () => {
      const [r] = await recurring()
      return failures === 2 && r?.later ? r : undefined
    })
    const [after] = await recurring()
    expect(after).toMatchObject({ n: 1, attempts: 0, dead: false, last_error: "Error: down 2" })
  })
})
