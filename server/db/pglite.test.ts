import { SqlClient } from "@effect/sql"
import { Chunk, Effect, Fiber, Layer, ManagedRuntime, Stream } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { freshDatabase, type TestDatabase } from "../test/databases"
import { dbLayer } from "./client"
import { makeFifoLock } from "./pglite"

describe("PGlite SqlClient adapter", () => {
  let db: TestDatabase
  let run: <A, E>(effect: Effect.Effect<A, E, SqlClient.SqlClient>) => Promise<A>
  let close: () => Promise<void>
  beforeAll(async () => {
    db = await freshDatabase("pglite")
    const runtime = ManagedRuntime.make(
      dbLayer({ dataDir: db.dataDir, databaseUrl: undefined }).pipe(Layer.orDie),
    )
    run = (effect) => runtime.runPromise(effect)
    close = () => runtime.dispose()
    await run(Effect.flatMap(SqlClient.SqlClient, (sql) => sql`CREATE TABLE t (n int)`))
  })
  afterAll(async () => {
    await close?.()
    await db?.drop()
  })

  const count = Effect.flatMap(
    SqlClient.SqlClient,
    (sql) => sql<{ n: number }>`SELECT count(*)::int AS n FROM t`,
  )

  it("keeps other fibers' statements out of an open transaction", async () => {
    const seen = await run(
      Effect.gen(function* () {
        const sql = yield* SqlClient.SqlClient
        yield* sql`DELETE FROM t`
        const inside = sql`INSERT INTO t VALUES (1)`.pipe(
          Effect.zipRight(Effect.sleep("50 millis")),
          Effect.zipRight(count),
          sql.withTransaction,
        )
        const outside = Effect.sleep("10 millis").pipe(Effect.zipRight(sql`INSERT INTO t VALUES (2)`))
        const [rows] = yield* Effect.all([inside, outside], { concurrency: "unbounded" })
        return rows[0].n
      }),
    )
    expect(seen).toBe(1)
    expect((await run(count))[0].n).toBe(2)
  })

  it("rolls a failed transaction back, and a failed nested one to its savepoint", async () => {
    await run(
      Effect.gen(function* () {
        const sql = yield* SqlClient.SqlClient
        yield* sql`DELETE FROM t`
        yield* sql`INSERT INTO t VALUES (1)`.pipe(
          Effect.zipRight(Effect.fail("no")),
          sql.withTransaction,
          Effect.ignore,
        )
        yield* sql`INSERT INTO t VALUES (2)`.pipe(
          Effect.zipRight(
            sql`INSERT INTO t VALUES (3)`.pipe(
              Effect.zipRight(Effect.fail("no")),
              sql.withTransaction,
              Effect.ignore,
            ),
          ),
          sql.withTransaction,
        )
      }),
    )
    const rows = await run(Effect.flatMap(SqlClient.SqlClient, (sql) => sql<{ n: number }>`SELECT n FROM t`))
    expect(rows.map((r) => r.n)).toEqual([2])
  })

  it("streams rows and runs several statements unprepared", async () => {
    const streamed = await run(
      Effect.gen(function* () {
        const sql = yield* SqlClient.SqlClient
        yield* sql.unsafe("DELETE FROM t; INSERT INTO t SELECT generate_series(1, 300)").unprepared
        return yield* Stream.runCollect(sql<{ n: number }>`SELECT n FROM t ORDER BY n`.stream)
      }),
    )
    expect(Chunk.size(streamed)).toBe(300)
    expect(Chunk.unsafeLast(streamed).n).toBe(300)
  })
})

describe("the PGlite connection lock", () => {
  const run = <A>(effect: Effect.Effect<A>) => Effect.runPromise(effect)

  it("serves waiters in the order they came, never a newcomer first", async () => {
    const order = await run(
      Effect.gen(function* () {
        const lock = makeFifoLock()
        const order: Array<number> = []
        yield* lock.acquire
        const waiters = yield* Effect.forEach([1, 2, 3, 4], (i) =>
          Effect.fork(lock.withLock(Effect.sync(() => order.push(i)))).pipe(
            Effect.zipLeft(Effect.sleep("2 millis")),
          ),
        )
        yield* lock.release
        // A newcomer arriving as the lock is handed over waits behind the queue.
        yield* lock.withLock(Effect.sync(() => order.push(5)))
        yield* Fiber.joinAll(waiters)
        return order
      }),
    )
    expect(order).toEqual([1, 2, 3, 4, 5])
  })

  it("passes the lock on past a waiter interrupted before or as it is handed the lock", async () => {
    const ran = await run(
      Effect.gen(function* () {
        const lock = makeFifoLock()
        const ran: Array<string> = []
        yield* lock.acquire
        const early = yield* Effect.fork(lock.withLock(Effect.sync(() => ran.push("early"))))
        const late = yield* Effect.fork(lock.withLock(Effect.sync(() => ran.push("late"))))
        const last = yield* Effect.fork(lock.withLock(Effect.sync(() => ran.push("last"))))
        yield* Effect.sleep("5 millis")
        yield* Fiber.interrupt(early) // still waiting
        yield* lock.release // handed to `late`…
        yield* Fiber.interrupt(late) // …which is interrupted at once
        yield* Fiber.join(last)
        yield* lock.withLock(Effect.sync(() => ran.push("after")))
        return ran
      }),
    )
    expect(ran.filter((r) => r !== "late")).toEqual(["last", "after"])
  })
})
