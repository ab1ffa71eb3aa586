import { SqlSchema } from "@effect/sql"
import { Cause, Effect, Option, ParseResult, Schema } from "effect"

// Rows decoded through a Schema (SqlSchema over a statement the repository builds, often from
// fragments). A row the Schema refuses means the database and the code disagree: an
// infrastructure fault, so it dies, as SQL faults do in repositories.

type Query<E, R> = Effect.Effect<ReadonlyArray<unknown>, E, R>

/** Every row, decoded. */
export const decodeAll =
  <A, I, R>(row: Schema.Schema<A, I, R>) =>
  <E, RQ>(query: Query<E, RQ>): Effect.Effect<ReadonlyArray<A>, never, R | RQ> =>
    SqlSchema.findAll({ Request: Schema.Void, Result: row, execute: () => query })(undefined).pipe(
      Effect.orDie,
    )

/** The first row, decoded, or undefined when there is none. */
export const decodeFirst =
  <A, I, R>(row: Schema.Schema<A, I, R>) =>
  <E, RQ>(query: Query<E, RQ>): Effect.Effect<A | undefined, never, R | RQ> =>
    SqlSchema.findOne({ Request: Schema.Void, Result: row, execute: () => query })(undefined).pipe(
      Effect.map(Option.getOrUndefined),
      Effect.orDie,
    )

/** The one row a statement always gives (an aggregate, an INSERT … RETURNING), decoded. */
export const decodeSingle =
  <A, I, R>(row: Schema.Schema<A, I, R>) =>
  <E, RQ>(query: Query<E, RQ>): Effect.Effect<A, never, R | RQ> =>
    SqlSchema.single({ Request: Schema.Void, Result: row, execute: () => query })(undefined).pipe(
      Effect.orDie,
    )

/** A one-column row of ids (`RETURNING id`, `SELECT id`). */
export const IdRow = Schema.Struct({ id: Schema.String })

const dieOnDecodeFault = <E>(e: E | ParseResult.ParseError | Cause.NoSuchElementException) =>
  ParseResult.isParseError(e) || Cause.isNoSuchElementException(e) ? Effect.die(e) : Effect.fail(e as E)

/** Every row, decoded; a SQL fault stays the caller's to read (a write's conflict), a refused row dies. */
export const decodeAllOrSqlError =
  <A, I, R>(row: Schema.Schema<A, I, R>) =>
  <E, RQ>(query: Query<E, RQ>): Effect.Effect<ReadonlyArray<A>, E, R | RQ> =>
    SqlSchema.findAll({ Request: Schema.Void, Result: row, execute: () => query })(undefined).pipe(
      Effect.catchAll(dieOnDecodeFault<E>),
    )

/** The one row of a write (`INSERT … RETURNING`), decoded; a SQL fault stays the caller's to read. */
export const decodeSingleOrSqlError =
  <A, I, R>(row: Schema.Schema<A, I, R>) =>
  <E, RQ>(query: Query<E, RQ>): Effect.Effect<A, E, R | RQ> =>
    SqlSchema.single({ Request: Schema.Void, Result: row, execute: () => query })(undefined).pipe(
      Effect.catchAll(dieOnDecodeFault<E>),
    )

/** The first of the rows, or undefined when there is none. */
export const first = <A>(rows: ReadonlyArray<A>): A | undefined => rows[0]
