import * as Reactivity from "@effect/experimental/Reactivity"
import * as Client from "@effect/sql/SqlClient"
import type { Connection } from "@effect/sql/SqlConnection"
import { SqlError } from "@effect/sql/SqlError"
import { makeCompiler } from "@effect/sql-pg/PgClient"
import type { PGlite } from "@electric-sql/pglite"
import { Context, Effect, Layer, Stream } from "effect"
import { directSqlLayer } from "./direct"
import { makeStatements } from "./pgliteStatements"

/**
 * A first-come, first-served lock. Effect's semaphore wakes its waiters without handing the
 * permit over, so a newcomer can take it first and a waiter goes back to the end of the queue:
 * under load some requests waited for seconds. Here the lock passes to the oldest waiter; one
 * that is interrupted while (or just after) being handed the lock passes it on.
 */
export const makeFifoLock = () => {
  let held = false
  const queue: Array<{ granted: boolean; wake: () => void }> = []
  const release = Effect.sync(() => {
    const next = queue.shift()
    if (next) {
      next.granted = true
      next.wake()
    } else held = false
  })
  const acquire = Effect.async<void>((resume) => {
    if (!held) {
      held = true
      return resume(Effect.void)
    }
    const ticket = { granted: false, wake: () => resume(Effect.void) }
    queue.push(ticket)
    return Effect.suspend(() => {
      if (ticket.granted) return release
      queue.splice(queue.indexOf(ticket), 1)
      return Effect.void
    })
  })
  const withLock = <A, E, R>(self: Effect.Effect<A, E, R>) =>
    Effect.uninterruptibleMask((restore) =>
      Effect.zipRight(restore(acquire), Effect.ensuring(restore(self), release)),
    )
  return { acquire, release, withLock }
}

/**
 * SqlClient over one PGlite instance. PGlite has a single connection, so a transaction holds
 * the lock for its whole scope and every statement outside a transaction takes the lock for its
 * own duration: statements of other fibers never slip into someone else's transaction. Data
 * statements run prepared (`pgliteStatements.ts`).
 */
export const makePgliteClient = (db: PGlite) =>
  Effect.gen(function* () {
    const lock = makeFifoLock()
    const statements = yield* Effect.promise(() => makeStatements(db))
    const attempt = <A>(run: () => Promise<A>) =>
      Effect.tryPromise({
        try: run,
        catch: (cause) => new SqlError({ cause, message: "Failed to execute statement" }),
      })

    const makeConnection = (
      guard: <A>(e: Effect.Effect<A, SqlError>) => Effect.Effect<A, SqlError>,
    ): Connection => {
      const rows = (sql: string, params: ReadonlyArray<unknown>) =>
        guard(attempt(() => statements.rows(sql, params)))
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

    const shared = makeConnection(lock.withLock)
    const inTransaction = makeConnection((e) => e)
    const reserve = Effect.acquireRelease(lock.acquire, () => lock.release).pipe(Effect.as(inTransaction))

    const client = yield* Client.make({
      acquirer: Effect.succeed(shared),
      transactionAcquirer: reserve,
      compiler: makeCompiler(),
      spanAttributes: [["db.system.name", "postgresql"]],
    })
    // LISTEN and UNLISTEN take the lock too: PGlite runs its own `query` in several protocol calls
    // (parse, describe, bind, execute, sync), and a prepared statement's call slipping between two of
    // them read the other's answer (a statement that got nothing but ReadyForQuery).
    const embedded: Embedded = {
      listen: (channel, onPayload) =>
        lock
          .withLock(Effect.promise(() => db.listen(channel, onPayload)))
          .pipe(Effect.map((unlisten) => lock.withLock(Effect.promise(() => unlisten().catch(() => {}))))),
    }
    return { client, shared, embedded }
  })

/** What the SqlClient does not offer on the embedded database: LISTEN, under the same lock. */
export interface Embedded {
  /** Listens on `channel`; the effect it gives stops listening. */
  readonly listen: (
    channel: string,
    onPayload: (payload: string) => void,
  ) => Effect.Effect<Effect.Effect<void>>
}

/** The embedded database's LISTEN, when PGlite runs. */
export class EmbeddedDb extends Context.Tag("EmbeddedDb")<EmbeddedDb, Embedded>() {}

/** The SqlClient over `db`, DirectSql on the same connection, and its LISTEN. */
export const pgliteClientLayer = (db: PGlite) =>
  Layer.unwrapEffect(
    Effect.map(makePgliteClient(db), ({ client, shared, embedded }) =>
      Layer.mergeAll(
        Layer.succeed(Client.SqlClient, client),
        directSqlLayer(shared),
        Layer.succeed(EmbeddedDb, embedded),
      ),
    ),
  ).pipe(Layer.provide(Reactivity.layer))
