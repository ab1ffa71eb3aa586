import { SqlClient } from "@effect/sql"
import { Effect, Schema } from "effect"
import { decodeSingle, IdRow } from "../db/decode"
import { retriedTransaction } from "../db/retry"
import { catalogueBrands, catalogueCategories, named } from "./catalogueData"

export { catalogueBrands, catalogueCategories } from "./catalogueData"

const Count = Schema.Struct({ n: Schema.Number })

/**
 * The catalogue is reference data every installation needs, demo or not: inserted once, when the
 * brands table is empty, at every start (idempotent; the table lock makes two instances starting
 * together insert it once).
 */
export const ensureCatalogue = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* retriedTransaction(sql)(
    Effect.gen(function* () {
      yield* sql`LOCK TABLE brands IN SHARE ROW EXCLUSIVE MODE`
      const { n } = yield* sql`SELECT count(*)::int AS n FROM brands`.pipe(decodeSingle(Count))
      if (n > 0) return
      for (const name of catalogueBrands) yield* sql`INSERT INTO brands (name) VALUES (${name})`
      for (const [i, category] of catalogueCategories.entries()) {
        const row = yield* sql`INSERT INTO filter_entries (type, name, position)
          VALUES ('machineCategory', ${JSON.stringify(named(category.name))}::jsonb, ${i}) RETURNING id`.pipe(
          decodeSingle(IdRow),
        )
        for (const [j, type] of category.types.entries())
          yield* sql`INSERT INTO filter_entries (type, parent_id, name, position)
            VALUES ('machineType', ${row.id}, ${JSON.stringify(named(type))}::jsonb, ${j})`
      }
    }),
  )
}).pipe(Effect.orDie)
