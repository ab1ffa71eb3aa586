import { SqlClient } from "@effect/sql"
import { SqlError } from "@effect/sql/SqlError"
import { Cause, Deferred, Effect, Exit, Layer, ManagedRuntime } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { backends, freshDatabase, type TestDatabase } from "../test/databases"
import { dbLayer } from "./client"
import { retriedTransaction } from "./retry"

describe.each(backends)("retried transactions on %s", (backend) => {
  let db: TestDatabase
  let run: <A, E>(effect: Effect.Effect<A, E, SqlClient.SqlClient>) => Promise<Exit.Exit<A, E>>
  let close: () => Promise<void>
  beforeAll(async () => {
    db = await freshDatabase(backend)
    const runtime = ManagedRuntime.make(dbLayer(db).pipe(Layer.orDie))
    run = (effect) => runtime.runPromiseExit(effect)
    close = () => runtime.dispose()
    await run(Effect.flatMap(SqlClient.SqlClient, (sql) => sql`CREATE TABLE tries (n int)`))
  })
  afterAll(async () => {
    await close?.()
    await db?.drop()
  })

  /** A genuine database error of that SQLSTATE, raised by the server and read by the driver. */
  const raise = (sql: SqlClient.SqlClient, state: string) =>
    sql.unsafe(`DO $$ BEGIN RAISE EXCEPTION 'raised on purpose' USING ERRCODE = '${state}'; END $$`)

  /**
   * A transaction that writes its try number, then fails with `state` on its first `failing` tries,
   * as a failure or (as the repositories do with orDie) a defect. Gives the exit, the tries it took
   * and the rows left.
   */
  const scenario = (state: string, failing: number, as: "failure" | "defect", nested = false) =>
    run(
      Effect.gen(function* () {
        const sql = yield* SqlClient.SqlClient
        yield* sql`DELETE FROM tries`
        let tries = 0
        const body = Effect.gen(function* () {
          tries++
          yield* sql`INSERT INTO tries VALUES (${tries})`
          if (tries <= failing) yield* as === "defect" ? Effect.orDie(raise(sql, state)) : raise(sql, state)
          return "done"
        })
        const transaction = body.pipe(retriedTransaction(sql, { baseDelay: "1 millis" }))
        const exit = yield* Effect.exit(nested ? Effect.orDie(sql.withTransaction(transaction)) : transaction)
        const rows = yield* sql<{ n: number }>`SELECT n FROM tries ORDER BY n`
        return { exit, tries, rows: rows.map((r) => r.n) }
      }),
    ).then(Exit.getOrElse((cause) => Promise.reject(Cause.pretty(cause))))

  const stateOf = (exit: Exit.Exit<unknown, unknown>) => {
    if (Exit.isSuccess(exit)) return undefined
    const errors = [...Cause.failures(exit.cause), ...Cause.defects(exit.cause)]
    const e = errors.find((x) => x instanceof SqlError)
    return e ? (e.cause as { code?: string }).code : undefined
  }

  it.each(["40P01", "40001"])(
    "runs the whole transaction again after %s, keeping only the try that succeeded",
    async (state) => {
      const { exit, tries, rows } = await scenario(state, 3, "failure")
      expect(exit).toEqual(Exit.succeed("done"))
      expect(tries).toBe(4)
      expect(rows).toEqual([4])
    },
  )

  it("reads the SQLSTATE of a defect too (a repository's orDie)", async () => {
    const { exit, tries, rows } = await scenario("40P01", 2, "defect")
    expect(exit).toEqual(Exit.succeed("done"))
    expect(tries).toBe(3)
    expect(rows).toEqual([3])
  })

  it("lets the fault through unchanged after the last try", async () => {
    const failed = await scenario("40P01", 100, "failure")
    expect(failed.tries).toBe(6)
    expect(Exit.isFailure(failed.exit) && Cause.failureOption(failed.exit.cause)._tag).toBe("Some")
    expect(stateOf(failed.exit)).toBe("40P01")
    expect(failed.rows).toEqual([])
    const died = await scenario("40001", 100, "defect")
    expect(died.tries).toBe(6)
    expect(Exit.isFailure(died.exit) && Cause.failureOption(died.exit.cause)._tag).toBe("None")
    expect(stateOf(died.exit)).toBe("40001")
  })

  it("does not retry any other fault", async () => {
    const { exit, tries, rows } = await scenario("23505", 1, "failure")
    expect(tries).toBe(1)
    expect(stateOf(exit)).toBe("23505")
    expect(rows).toEqual([])
  })

  it("leaves the retry to the outermost transaction", async () => {
    const { exit, tries, rows } = await scenario("40P01", 1, "failure", true)
    expect(tries).toBe(1)
    expect(stateOf(exit)).toBe("40P01")
    expect(rows).toEqual([])
  })

  it.skipIf(backend === "pglite")(
    "gets both transactions of a real deadlock through, the victim run again",
    async () => {
      const result = await run(
        Effect.gen(function* () {
          const sql = yield* SqlClient.SqlClient
          yield* sql`DELETE FROM tries`
          yield* sql`INSERT INTO tries VALUES (1), (2)`
          let tries = 0
          const holds = [yield* Deferred.make<void>(), yield* Deferred.make<void>()]
          // Each locks its own row, waits until the other holds its own, then wants the other's. A victim
          // back at once may retake its row before the survivor wakes and deadlock again: at least one
          // retry, maybe more (the default pause makes that rare).
          const crossing = (mine: number, theirs: number) =>
            Effect.gen(function* () {
              tries++
              yield* sql`UPDATE tries SET n = n WHERE n = ${mine}`
              yield* Deferred.succeed(holds[mine - 1], undefined)
              yield* Deferred.await(holds[theirs - 1])
              yield* sql`UPDATE tries SET n = n WHERE n = ${theirs}`.pipe(Effect.orDie)
              return mine
            }).pipe(retriedTransaction(sql))
          const done = yield* Effect.all([crossing(1, 2), crossing(2, 1)], { concurrency: 2 })
          return { done, tries }
        }),
      )
      const { done, tries } = Exit.getOrElse(result, (cause) => {
        throw new Error(Cause.pretty(cause))
      })
      expect(done).toEqual([1, 2])
      expect(tries).toBeGreaterThanOrEqual(3)
    },
  )
})
