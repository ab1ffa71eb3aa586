import { Cause, Effect, ParseResult, Schema } from "effect"

// Rows decoded through a Schema (from a statement the repository builds, often from fragments).
// A row the Schema refuses means the database and the code disagree: an infrastructure fault,
// so it dies, as SQL faults do in repositories.

type Query<E, R> = Effect.Effect<ReadonlyArray<unknown>, E, R>

// One decoder per row schema, made once: built per statement, the array schema and its parser
// were made again for every query.
const memo = <D>(make: (row: Schema.Schema.Any) => D) => {
  const made = new WeakMap<object, D>()
  return (row: Schema.Schema.Any): D => {
    let decoder = made.get(row)
    if (decoder === undefined) {
      decoder = make(row)
      made.set(row, decoder)
    }
    return decoder
  }
}
const rowsDecoder = memo((row) => Schema.decodeUnknown(Schema.Array(row)))
const rowDecoder = memo((row) => Schema.decodeUnknown(row))

type Decode<A, R> = (input: unknown) => Effect.Effect<A, ParseResult.ParseError, R>

const allRows = <A, I, R, E, RQ>(
  row: Schema.Schema<A, I, R>,
  query: Query<E, RQ>,
): Effect.Effect<ReadonlyArray<A>, E | ParseResult.ParseError, R | RQ> =>
  Effect.flatMap(query, rowsDecoder(row) as Decode<ReadonlyArray<A>, R>)

const firstRow = <A, I, R, E, RQ>(
  row: Schema.Schema<A, I, R>,
  query: Query<E, RQ>,
): Effect.Effect<A | undefined, E | ParseResult.ParseError, R | RQ> =>
  Effect.flatMap(
    query,
    (rows): Effect.Effect<A | undefined, ParseResult.ParseError, R> =>
      rows.length > 0 ? (rowDecoder(row) as Decode<A, R>)(rows[0]) : Effect.succeed(undefined),
  )

const singleRow = <A, I, R, E, RQ>(
  row: Schema.Schema<A, I, R>,
  query: Query<E, RQ>,
): Effect.Effect<A, E | ParseResult.ParseError | Cause.NoSuchElementException, R | RQ> =>
  Effect.flatMap(
    query,
    (rows): Effect.Effect<A, ParseResult.ParseError | Cause.NoSuchElementException, R> =>
      rows.length > 0
        ? (rowDecoder(row) as Decode<A, R>)(rows[0])
        : Effect.fail(new Cause.NoSuchElementException()),
  )

/** Every row, decoded. */
export const decodeAll =
  <A, I, R>(row: Schema.Schema<A, I, R>) =>
  <E, RQ>(query: Query<E, RQ>): Effect.Effect<ReadonlyArray<A>, never, R | RQ> =>
    Effect.orDie(allRows(row, query))

/** The first row, decoded, or undefined when there is none. */
export const decodeFirst =
  <A, I, R>(row: Schema.Schema<A, I, R>) =>
  <E, RQ>(query: Query<E, RQ>): Effect.Effect<A | undefined, never, R | RQ> =>
    Effect.orDie(firstRow(row, query))

/** The one row a statement always gives (an aggregate, an INSERT … RETURNING), decoded. */
export const decodeSingle =
  <A, I, R>(row: Schema.Schema<A, I, R>) =>
  <E, RQ>(query: Query<E, RQ>): Effect.Effect<A, never, R | RQ> =>
    Effect.orDie(singleRow(row, query))

/** A one-column row of ids (`RETURNING id`, `SELECT id`). */
export const IdRow = Schema.Struct({ id: Schema.String })

const dieOnDecodeFault = <E>(e: E | ParseResult.ParseError | Cause.NoSuchElementException) =>
  ParseResult.isParseError(e) || Cause.isNoSuchElementException(e) ? Effect.die(e) : Effect.fail(e as E)

/** Every row, decoded; a SQL fault stays the caller's to read (a write's conflict), a refused row dies. */
export const decodeAllOrSqlError =
  <A, I, R>(row: Schema.Schema<A, I, R>) =>
  <E, RQ>(query: Query<E, RQ>): Effect.Effect<ReadonlyArray<A>, E, R | RQ> =>
    allRows(row, query).pipe(Effect.catchAll(dieOnDecodeFault<E>))

/** The one row of a write (`INSERT … RETURNING`), decoded; a SQL fault stays the caller's to read. */
export const decodeSingleOrSqlError =
  <A, I, R>(row: Schema.Schema<A, I, R>) =>
  <E, RQ>(query: Query<E, RQ>): Effect.Effect<A, E, R | RQ> =>
    singleRow(row, query).pipe(Effect.catchAll(dieOnDecodeFault<E>))

/** The first of the rows, or undefined when there is none. */
export const first = <A>(rows: ReadonlyArray<A>): A | undefined => rows[0]
