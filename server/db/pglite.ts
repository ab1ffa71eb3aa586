import * as Reactivity from "@effect/experimental/Reactivity"
import * as Client from "@effect/sql/SqlClient"
import type { Connection } from "@effect/sql/SqlConnection"
import { SqlError } from "@effect/sql/SqlError"
import { makeCompiler } from "@effect/sql-pg/PgClient"
import type { PGlite } from "@electric-sql/pglite"
import { Effect, Layer, Stream } from "effect"

/**
 * SqlClient over one PGlite instance. PGlite has a single connection, so a transaction holds
 * the only permit for its whole scope and every statement outside a transaction takes the permit
 * for its own duration: statements of other fibers never slip into someone else's transaction.
 */
export const makePgliteClient = (db: PGlite) =>
  Effect.gen(function* () {
    const permit = yield* Effect.makeSemaphore(1)
    const attempt = <A>(run: () => Promise<A>) =>
      Effect.tryPromise({
        try: run,
        catch: (cause) => new SqlError({ cause, message: "Failed to execute statement" }),
      })

    const makeConnection = (
      guard: <A>(e: Effect.Effect<A, SqlError>) => Effect.Effect<A, SqlError>,
    ): Connection => {
      const rows = (sql: string, params: ReadonlyArray<unknown>) =>
        guard(
          attempt(() => db.query<Record<string, unknown>>(sql, params as Array<unknown>)).pipe(
            Effect.map((r) => r.rows),
          ),
        )
      const execute: Connection["execute"] = (sql, params, transformRows) =>
        transformRows ? Effect.map(rows(sql, params), transformRows) : rows(sql, params)
      return {
        execute,
        executeRaw: (sql, params) => guard(attempt(() => db.query(sql, params as Array<unknown>))),
        executeValues: (sql, params) =>
          guard(
            attempt(() => db.query<Array<unknown>>(sql, params as Array<unknown>, { rowMode: "array" })).pipe(
              Effect.map((r) => r.rows),
            ),
          ),
        // Several statements in one string (no parameters) go through the simple protocol.
        executeUnprepared: (sql, params, transformRows) =>
          params.length > 0
            ? execute(sql, params, transformRows)
            : guard(attempt(() => db.exec(sql))).pipe(
                Effect.map((results) => {
                  const last = (results.at(-1)?.rows ?? []) as ReadonlyArray<object>
                  return transformRows ? transformRows(last) : last
                }),
              ),
        executeStream: (sql, params, transformRows) =>
          Stream.fromIterableEffect(execute(sql, params, transformRows)).pipe(Stream.rechunk(128)),
      }
    }

    const shared = makeConnection(permit.withPermits(1))
    const inTransaction = makeConnection((e) => e)
    const reserve = Effect.acquireRelease(permit.take(1), () => permit.release(1)).pipe(
      Effect.as(inTransaction),
    )

    return yield* Client.make({
      acquirer: Effect.succeed(shared),
      transactionAcquirer: reserve,
      compiler: makeCompiler(),
      spanAttributes: [["db.system.name", "postgresql"]],
    })
  })

export const pgliteClientLayer = (db: PGlite) =>
  Layer.effect(Client.SqlClient, makePgliteClient(db)).pipe(Layer.provide(Reactivity.layer))
