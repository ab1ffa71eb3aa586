import type { SqlClient } from "@effect/sql"
import { Effect } from "effect"

/** Product types (filter entries of type productType): what a tag or a booking may name. */
export const productTypesOf = (sql: SqlClient.SqlClient) => ({
  /** Whether `id` is a product type of the catalogue (a machine category or type is not). */
  exists: (id: string) =>
    sql`SELECT 1 FROM filter_entries WHERE id = ${id} AND type = 'productType'`.pipe(
      Effect.map((rows) => rows.length > 0),
      Effect.orDie,
    ),
})
