import { SqlClient } from "@effect/sql"
import { Effect, Schema } from "effect"
import { Brand, FilterEntry, FilterEntryType, FilterName, MachineCategory } from "../../src/schema/catalogue"
import { BrandId, FilterEntryId } from "../../src/schema/ids"
import { JsonColumn } from "../db/columns"
import { decodeAll } from "../db/decode"
import { ensureCatalogue } from "./catalogue"

const EntryRow = Schema.Struct({
  id: FilterEntryId,
  type: FilterEntryType,
  parent_id: Schema.NullOr(Schema.String),
  name: JsonColumn(FilterName),
})

const BrandRow = Schema.Struct({ id: BrandId, name: Schema.String })

/**
 * The machine catalogue (SPEC §3, §7): reference data any signed-in person reads. Building the
 * service inserts the catalogue on a database that lacks it (catalogue.ts).
 */
export class Properties extends Effect.Service<Properties>()("Properties", {
  effect: Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    yield* ensureCatalogue
    const entries = sql`SELECT e.id, e.type, e.parent_id, e.name FROM filter_entries e
        LEFT JOIN filter_entries p ON p.id = e.parent_id
        ORDER BY e.type, coalesce(p.position, e.position), p.id, e.position, e.id`.pipe(decodeAll(EntryRow))
    return {
      /** Sorted by name, case and accents ignored. */
      brands: sql`SELECT id, name FROM brands`.pipe(
        decodeAll(BrandRow),
        Effect.map((rows) =>
          [...rows]
            .sort(
              (a, b) =>
                a.name.localeCompare(b.name, "fr", { sensitivity: "base" }) || a.id.localeCompare(b.id),
            )
            .map((b) => new Brand(b)),
        ),
        Effect.withSpan("Properties.brands"),
      ),
      /** In catalogue order, each with its types in catalogue order. */
      categories: Effect.map(entries, (rows) =>
        rows
          .filter((r) => r.type === "machineCategory")
          .map(
            (c) =>
              new MachineCategory({
                id: c.id,
                name: c.name,
                types: rows.filter((t) => t.parent_id === c.id).map((t) => ({ id: t.id, name: t.name })),
              }),
          ),
      ).pipe(Effect.withSpan("Properties.categories")),
      /** Every entry: categories first, then machine types, then product types, each in catalogue order. */
      filterEntries: Effect.map(entries, (rows) =>
        rows.map((r) => new FilterEntry({ id: r.id, type: r.type, name: r.name })),
      ).pipe(Effect.withSpan("Properties.filterEntries")),
    }
  }),
}) {}
