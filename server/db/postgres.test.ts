import { SqlClient } from "@effect/sql"
import { Chunk, Effect, Fiber, Layer, ManagedRuntime, Stream } from "effect"
import pg from "pg"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { freshDatabase, type TestDatabase } from "../test/databases"
import { DirectSql } from "./direct"
import { sqlState } from "./errors"
import { postgresClientLayer } from "./postgres"

describe("the PostgreSQL server's SqlClient", () => {
  let database: TestDatabase
  let direct: pg.Pool
  let run: <A, E>(effect: Effect.Effect<A, E, SqlClient.SqlClient | DirectSql>) => Promise<A>
  let close: () => Promise<void>
  const capacity = 4
  beforeAll(async () => {
    database = await freshDatabase("postgres")
    const url = database.databaseUrl ?? ""
    direct = new pg.Pool({ connectionString: url, max: 2 })
    const runtime = ManagedRuntime.make(
      postgresClientLayer({ url, maxConnections: 2, applicationName: "sillon-test", capacity }).pipe(
        Layer.orDie,
      ),
    )
    run = (effect) => runtime.runPromise(effect)
    close = () => runtime.dispose()
    await direct.query(`CREATE TABLE kinds (
      id uuid PRIMARY KEY, n int, big bigint, price numeric, ok boolean, label text, doc jsonb,
      at timestamptz, day date, raw bytea, tags text[], counts int[])`)
    await direct.query("CREATE TABLE t (n int)")
  })
  afterAll(async () => {
    await close?.()
    await direct?.end()
    await database?.drop()
  })

  const sqlOf = <A>(f: (sql: SqlClient.SqlClient) => Effect.Effect<A, unknown>) =>
    run(Effect.flatMap(SqlClient.SqlClient, f))
  it("answers the rows and values node-postgres answers, and keeps data statements prepared", async () => {
    const row = [
      "00000000-0000-4000-8000-000000000001",
      42,
      "9007199254740993",
      "12.50",
      true,
      'a "b"\n',
      JSON.stringify({ a: [1, "é"], b: null }),
      new Date("2026-03-01T10:00:00.123Z"),
      "2026-03-02",
      Buffer.from([0, 1, 255]),
      ["x", "y,z", null],
      [1, 2],
    ]
    const insert = `INSERT INTO kinds VALUES (${row.map((_, i) => `$${i + 1}`).join(", ")}) RETURNING *`
    const inserted = await sqlOf((sql) => sql.unsafe(insert, row))
    const theirs = await direct.query("SELECT * FROM kinds WHERE id = $1", [row[0]])
    expect(inserted).toEqual(theirs.rows)
    for (let i = 0; i < 3; i++) {
      const ours = await sqlOf((sql) => sql`SELECT * FROM kinds WHERE id = ${row[0]} AND ok = ${true}`)
      expect(ours).toEqual(theirs.rows)
    }
    const statements = await sqlOf(
      (sql) => sql<{ statement: string }>`SELECT statement FROM pg_prepared_statements`,
    )
    // Seen from the connection that ran it: the statement itself is among those prepared.
    expect(statements.map((s) => s.statement)).toContain("SELECT statement FROM pg_prepared_statements")
  })

  it("keeps a bounded number prepared per connection, replacing a connection past it", async () => {
    for (let round = 0; round < 2; round++)
      for (let i = 0; i < 3 * capacity; i++)
        expect(await sqlOf((sql) => sql.unsafe(`SELECT $1::int + ${i} AS n`, [round]))).toEqual([
          { n: round + i },
        ])
    const counts = await run(
      Effect.flatMap(SqlClient.SqlClient, (sql) =>
        Effect.all(
          [1, 2].map(() =>
            sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_prepared_statements`.pipe(
              Effect.zipLeft(Effect.sleep("20 millis")),
            ),
          ),
          { concurrency: "unbounded" },
        ),
      ),
    )
    // The statement counting is one of them.
    for (const [{ n }] of counts) expect(n).toBeLessThanOrEqual(capacity + 1)
  })

  it("prepares a statement again when a column is added or removed", async () => {
    const select = (sql: SqlClient.SqlClient) => sql`SELECT * FROM t WHERE n = ${7}`
    await direct.query("DELETE FROM t; INSERT INTO t VALUES (7)")
    // Prepared on both connections.
    await run(
      Effect.flatMap(SqlClient.SqlClient, (sql) =>
        Effect.all([select(sql), select(sql), select(sql)], { concurrency: "unbounded" }),
      ),
    )
    await direct.query("ALTER TABLE t ADD COLUMN extra text DEFAULT 'new'")
    for (let i = 0; i < 4; i++) expect(await sqlOf(select)).toEqual([{ n: 7, extra: "new" }])
    await direct.query("ALTER TABLE t DROP COLUMN extra")
    for (let i = 0; i < 4; i++) expect(await sqlOf(select)).toEqual([{ n: 7 }])
  })

  it("fails with the SQLSTATE and the statement, and the connections stay usable", async () => {
    const id = "00000000-0000-4000-8000-000000000002"
    const insert = (label: string) => (sql: SqlClient.SqlClient) =>
      sql`INSERT INTO kinds (id, label) VALUES (${id}, ${label})`
    await sqlOf(insert("one"))
    const duplicate = await sqlOf((sql) => Effect.flip(insert("two")(sql)))
    expect(sqlState(duplicate)).toBe("23505")
    expect(duplicate.cause).toMatchObject({ query: "INSERT INTO kinds (id, label) VALUES ($1, $2)" })
    const badUuid = await sqlOf((sql) => Effect.flip(sql`SELECT * FROM kinds WHERE id = ${"nope"}`))
    expect(sqlState(badUuid)).toBe("22P02")
    const unknown = await sqlOf((sql) => Effect.flip(sql`SELECT nothing FROM kinds`))
    expect(sqlState(unknown)).toBe("42703")
    expect(await sqlOf((sql) => sql<{ n: number }>`SELECT count(*)::int AS n FROM kinds`)).toEqual([{ n: 2 }])
  })

  it("keeps other fibers' statements out of an open transaction", async () => {
    await run(
      Effect.gen(function* () {
        const sql = yield* SqlClient.SqlClient
        yield* sql`DELETE FROM t`
        // Rolled back after the other fiber's statement ran: only that one stays.
        const inside = sql`INSERT INTO t VALUES (1)`.pipe(
          Effect.zipRight(Effect.sleep("50 millis")),
          Effect.zipRight(Effect.fail("no")),
          sql.withTransaction,
          Effect.ignore,
        )
        const outside = Effect.sleep("10 millis").pipe(Effect.zipRight(sql`INSERT INTO t VALUES (2)`))
        yield* Effect.all([inside, outside], { concurrency: "unbounded" })
      }),
    )
    const rows = await sqlOf((sql) => sql<{ n: number }>`SELECT n FROM t`)
    expect(rows.map((r) => r.n)).toEqual([2])
  })

  it("runs DirectSql's statements prepared, on the transaction's connection inside one", async () => {
    const seen = await run(
      Effect.gen(function* () {
        const sql = yield* SqlClient.SqlClient
        const direct = yield* DirectSql
        yield* sql`DELETE FROM t`
        let inside: unknown
        // The row is seen inside the transaction only, which is then rolled back.
        yield* sql`INSERT INTO t VALUES (5)`.pipe(
          Effect.zipRight(direct.rows("SELECT count(*)::int AS n FROM t WHERE n = $1", [5])),
          Effect.tap((rows) => {
            inside = rows
          }),
          Effect.zipRight(Effect.fail("undo")),
          sql.withTransaction,
          Effect.ignore,
        )
        const after = yield* direct.rows("SELECT count(*)::int AS n FROM t WHERE n = $1", [5])
        const prepared = yield* direct.rows(
          "SELECT count(*)::int AS n FROM pg_prepared_statements WHERE statement = $1",
          ["SELECT count(*)::int AS n FROM pg_prepared_statements WHERE statement = $1"],
        )
        return { inside, after, prepared }
      }),
    )
    expect(seen).toEqual({ inside: [{ n: 1 }], after: [{ n: 0 }], prepared: [{ n: 1 }] })
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
    const rows = await sqlOf((sql) => sql<{ n: number }>`SELECT n FROM t`)
    expect(rows.map((r) => r.n)).toEqual([2])
  })

  it("streams rows, runs several statements unprepared, and answers values and raw results", async () => {
    const streamed = await run(
      Effect.gen(function* () {
        const sql = yield* SqlClient.SqlClient
        yield* sql.unsafe("DELETE FROM t; INSERT INTO t SELECT generate_series(1, 300)").unprepared
        return yield* Stream.runCollect(sql<{ n: number }>`SELECT n FROM t ORDER BY n`.stream)
      }),
    )
    expect(Chunk.size(streamed)).toBe(300)
    expect(Chunk.unsafeLast(streamed).n).toBe(300)
    expect(await sqlOf((sql) => sql`SELECT 1 AS a, 'b' AS b`.values)).toEqual([[1, "b"]])
    expect(await sqlOf((sql) => sql`DELETE FROM t WHERE n > ${200}`.raw)).toMatchObject({ rowCount: 100 })
  })

  it("stops a statement on the server when its caller is interrupted", async () => {
    await run(
      Effect.gen(function* () {
        const sql = yield* SqlClient.SqlClient
        const sleeping = yield* Effect.fork(sql`SELECT pg_sleep(30)`)
        yield* Effect.sleep("200 millis")
        yield* Fiber.interrupt(sleeping)
      }),
    )
    // Both connections answer again (one of them would sleep for 30 s otherwise).
    await run(
      Effect.flatMap(SqlClient.SqlClient, (sql) =>
        Effect.all([sql`SELECT pg_sleep(0.05)`, sql`SELECT pg_sleep(0.05)`], { concurrency: "unbounded" }),
      ),
    )
    const sleeping = await direct.query(
      "SELECT pid FROM pg_stat_activity WHERE state = 'active' AND query = 'SELECT pg_sleep(30)'",
    )
    expect(sleeping.rows).toEqual([])
  })
})
