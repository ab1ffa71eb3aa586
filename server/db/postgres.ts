import * as Reactivity from "@effect/experimental/Reactivity"
import * as Client from "@effect/sql/SqlClient"
import type { Connection } from "@effect/sql/SqlConnection"
import { SqlError } from "@effect/sql/SqlError"
import { makeCompiler } from "@effect/sql-pg/PgClient"
import { Effect, Layer, Stream } from "effect"
import pg from "pg"
import { directSqlLayer } from "./direct"
import { cacheable, planChanged } from "./prepared"

// The PostgreSQL server's SqlClient, on node-postgres. Each data statement (SELECT, INSERT,
// UPDATE, DELETE, WITH) runs as a named prepared statement: the server parses it once per
// connection, and plans it with PostgreSQL's own rule for prepared statements (custom plans for
// the first runs, then a generic plan only when its estimated cost is no worse). Each statement is
// one checkout of a pooled connection and one query on it; a transaction holds its connection for
// its scope. Rows, values and errors are node-postgres's, as @effect/sql-pg gave them (its
// compiler is reused), without that client's per-statement connection wrapper.

type Row = Record<string, unknown>
/** Whether a statement runs prepared (a data statement) or as it is, and how rows come. */
interface Mode {
  readonly prepare: boolean
  readonly rowMode: "array" | undefined
}
const prepared: Mode = { prepare: true, rowMode: undefined }
const preparedArrays: Mode = { prepare: true, rowMode: "array" }
const unprepared: Mode = { prepare: false, rowMode: undefined }
type Done<A> = (error: Error | undefined, result?: A) => void

/** SQLSTATE 26000: the named statement is not (or no longer) prepared on this connection. */
const unknownStatement = (error: unknown) => (error as { code?: unknown } | null)?.code === "26000"

const failed = (cause: unknown, message = "Failed to execute statement") => new SqlError({ cause, message })

/** What this client keeps about one connection of the pool. */
interface Kept {
  /** Names prepared on it. */
  readonly prepared: Set<string>
  /** The error the connection reported while checked out: it leaves the pool when released. */
  broken: Error | undefined
}

export interface PostgresOptions {
  readonly url: string
  readonly maxConnections: number
  readonly applicationName: string
  /** Statements kept prepared: a connection that has prepared more is closed and replaced. */
  readonly capacity?: number
}

export const makePostgresClient = (options: PostgresOptions) =>
  Effect.gen(function* () {
    const capacity = options.capacity ?? 500
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.maxConnections,
      application_name: options.applicationName,
    })
    // An idle connection that fails leaves the pool; nobody waits on it.
    pool.on("error", () => {})
    yield* Effect.acquireRelease(
      Effect.tryPromise({
        try: () => pool.query("SELECT 1"),
        catch: (cause) => failed(cause, "Failed to connect to PostgreSQL"),
      }),
      () => Effect.promise(() => pool.end()).pipe(Effect.interruptible, Effect.timeoutOption(1000)),
    ).pipe(
      Effect.timeoutFail({
        duration: "5 seconds",
        onTimeout: () => failed(new Error("Connection timed out")),
      }),
    )

    // The name of each statement text, the most recently used last; a text forgotten here gets a
    // new name when it comes back (its old one is still prepared on some connections, and counts).
    const names = new Map<string, string>()
    let counter = 0
    const nameOf = (sql: string): string | undefined => {
      let name = names.get(sql)
      if (name !== undefined) {
        names.delete(sql)
      } else {
        if (!cacheable.test(sql)) return undefined
        name = `sillon_${++counter}`
        if (names.size >= capacity) names.delete(names.keys().next().value as string)
      }
      names.set(sql, name)
      return name
    }

    const kept = new WeakMap<pg.PoolClient, Kept>()
    const keptOf = (client: pg.PoolClient): Kept => {
      let state = kept.get(client)
      if (state === undefined) {
        const fresh: Kept = { prepared: new Set(), broken: undefined }
        client.on("error", (error) => {
          fresh.broken = error
        })
        kept.set(client, fresh)
        state = fresh
      }
      return state
    }
    /** A connection that failed, or holds more prepared statements than wanted, is replaced. */
    const releaseArgument = (state: Kept) => state.broken ?? (state.prepared.size > capacity || undefined)

    /**
     * Runs `sql` on `client`. A statement prepared before a change of the tables it reads
     * (`cached plan must not change result type`), or closed by node-postgres after a value it
     * could not serialize (`prepared statement … does not exist`), is prepared again under a new
     * name and run again, unless the failure aborted a transaction (its caller sees it then).
     */
    const query = <A>(
      client: pg.PoolClient,
      sql: string,
      params: ReadonlyArray<unknown>,
      mode: Mode,
      read: (result: pg.QueryResult) => A,
      inTransaction: boolean,
      done: Done<A>,
      retried = false,
    ) => {
      const name = mode.prepare ? nameOf(sql) : undefined
      if (name !== undefined) keptOf(client).prepared.add(name)
      const config = { name, text: sql, values: params as Array<unknown>, rowMode: mode.rowMode }
      client.query(config as pg.QueryConfig, (error: Error | null, result: pg.QueryResult) => {
        if (!error) return done(undefined, read(result))
        if (name !== undefined && (planChanged(error) || unknownStatement(error)) && !retried) {
          if (names.get(sql) === name) names.delete(sql)
          if (!inTransaction) return query(client, sql, params, mode, read, inTransaction, done, true)
        }
        done(Object.assign(error, { query: sql, params }))
      })
    }

    /** Asks the server to stop what `client` runs (best effort); its answer then releases it. */
    const cancel = (client: pg.PoolClient) => {
      const pid = (client as unknown as { processID?: number }).processID
      if (pid !== undefined && !pool.ending) pool.query(`SELECT pg_cancel_backend(${pid})`, () => {})
    }

    /** On a connection of the pool, checked out for this statement and released with its answer. */
    const pooled =
      <A>(mode: Mode, read: (result: pg.QueryResult) => A) =>
      (sql: string, params: ReadonlyArray<unknown>) =>
        Effect.async<A, SqlError>((resume) => {
          let running: pg.PoolClient | undefined
          let interrupted = false
          pool.connect((error, client, release) => {
            if (error || !client) return resume(Effect.fail(failed(error, "Failed to acquire connection")))
            if (interrupted) return release()
            running = client
            query(client, sql, params, mode, read, false, (failure, result) => {
              running = undefined
              release(releaseArgument(keptOf(client)))
              resume(failure ? Effect.fail(failed(failure)) : Effect.succeed(result as A))
            })
          })
          return Effect.sync(() => {
            interrupted = true
            if (running) cancel(running)
          })
        })

    /** On the connection a transaction holds. */
    const held =
      (client: pg.PoolClient) =>
      <A>(mode: Mode, read: (result: pg.QueryResult) => A) =>
      (sql: string, params: ReadonlyArray<unknown>) =>
        Effect.async<A, SqlError>((resume) => {
          let running = true
          query(client, sql, params, mode, read, true, (failure, result) => {
            running = false
            resume(failure ? Effect.fail(failed(failure)) : Effect.succeed(result as A))
          })
          return Effect.sync(() => {
            if (running) cancel(client)
          })
        })

    const rows = (result: pg.QueryResult): ReadonlyArray<Row> => result.rows ?? []
    // Several statements in one string answer one result each, as with @effect/sql-pg.
    const rowsOfEach = (result: pg.QueryResult | Array<pg.QueryResult>) =>
      Array.isArray(result) ? result.map((r) => r.rows ?? []) : (result.rows ?? [])

    const makeConnection = (
      on: <A>(
        mode: Mode,
        read: (result: pg.QueryResult) => A,
      ) => (sql: string, params: ReadonlyArray<unknown>) => Effect.Effect<A, SqlError>,
    ): Connection => {
      const select = on(prepared, rows)
      // Several statements in one string (no parameters) go through the simple protocol.
      const all = on(unprepared, rowsOfEach as (result: pg.QueryResult) => ReadonlyArray<Row>)
      const raw = on(prepared, (result) => result as unknown)
      const values = on(preparedArrays, (result) => result.rows as ReadonlyArray<ReadonlyArray<unknown>>)
      const execute: Connection["execute"] = (sql, params, transformRows) =>
        transformRows ? Effect.map(select(sql, params), transformRows) : select(sql, params)
      return {
        execute,
        executeRaw: raw,
        executeValues: values,
        executeUnprepared: (sql, params, transformRows) =>
          transformRows ? Effect.map(all(sql, params), transformRows) : all(sql, params),
        executeStream: (sql, params, transformRows) =>
          Stream.fromIterableEffect(execute(sql, params, transformRows)).pipe(Stream.rechunk(128)),
      }
    }

    const reserve = Effect.acquireRelease(
      Effect.async<pg.PoolClient, SqlError>((resume) => {
        let interrupted = false
        pool.connect((error, client, release) => {
          if (error || !client)
            return resume(Effect.fail(failed(error, "Failed to acquire connection for transaction")))
          if (interrupted) return release()
          resume(Effect.succeed(client))
        })
        return Effect.sync(() => {
          interrupted = true
        })
      }),
      (client) => Effect.sync(() => client.release(releaseArgument(keptOf(client)))),
    ).pipe(Effect.map((client) => makeConnection(held(client))))

    const shared = makeConnection(pooled)
    const client = yield* Client.make({
      acquirer: Effect.succeed(shared),
      transactionAcquirer: reserve,
      compiler: makeCompiler(),
      spanAttributes: [["db.system.name", "postgresql"]],
    })
    return { client, shared }
  })

/** The SqlClient on a pool of connections to the server, and DirectSql on the same pool. */
export const postgresClientLayer = (options: PostgresOptions) =>
  Layer.unwrapScoped(
    Effect.map(makePostgresClient(options), ({ client, shared }) =>
      Layer.merge(Layer.succeed(Client.SqlClient, client), directSqlLayer(shared)),
    ),
  ).pipe(Layer.provide(Reactivity.layer))
