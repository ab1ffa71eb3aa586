import { TransactionConnection } from "@effect/sql/SqlClient"
import type { Connection } from "@effect/sql/SqlConnection"
import type { SqlError } from "@effect/sql/SqlError"
import { Context, Effect, Layer } from "effect"

type Row = Record<string, unknown>

/**
 * One statement run on the database connection as it is, for the statement every authenticated
 * request runs (the session check): the SqlClient's statement (`sql\`…\``) also opens a span and
 * a scope around each run, compiles its fragments and looks up row transforms, which cost that
 * request about as much as running the statement itself. The text is written with its `$n`
 * placeholders; inside a transaction it runs on the transaction's connection, as `sql` does.
 */
export class DirectSql extends Context.Tag("DirectSql")<
  DirectSql,
  {
    readonly rows: (
      sql: string,
      params: ReadonlyArray<unknown>,
    ) => Effect.Effect<ReadonlyArray<Row>, SqlError>
  }
>() {}

/** DirectSql on `shared`, the connection the SqlClient runs statements on outside a transaction. */
export const directSqlLayer = (shared: Connection) =>
  Layer.succeed(DirectSql, {
    rows: (sql, params) =>
      Effect.flatMap(Effect.serviceOption(TransactionConnection), (transaction) =>
        (transaction._tag === "Some" ? transaction.value[0] : shared).execute(sql, params, undefined),
      ),
  })
