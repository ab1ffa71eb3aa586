import { SqlClient } from "@effect/sql"
import { Context, Effect, Layer, Schema } from "effect"
import { Brand, FilterEntry, MachineCategory } from "../../src/schema/catalogue"
import { ensureCatalogue } from "../seed/catalogue"

const parseJson = (value: unknown): unknown => (typeof value === "string" ? JSON.parse(value) : value)

interface EntryRow {
  readonly id: string
  readonly type: string
  readonly parent_id: string | null
  readonly name: unknown
}

const decodeEntries = Schema.decodeUnknownSync(Schema.Array(FilterEntry))
const decodeCategories = Schema.decodeUnknownSync(Schema.Array(MachineCategory))
const decodeBrands = Schema.decodeUnknownSync(Schema.Array(Brand))

/** The machine catalogue (SPEC §3, §7): reference data any signed-in person reads. */
export class Properties extends Context.Tag("Properties")<
  Properties,
  {
    /** Sorted by name, case and accents ignored. */
    readonly brands: Effect.Effect<ReadonlyArray<Brand>>
    /** In catalogue order, each with its types in catalogue order. */
    readonly categories: Effect.Effect<ReadonlyArray<MachineCategory>>
    /** Every entry: categories first, then types, each in catalogue order. */
    readonly filterEntries: Effect.Effect<ReadonlyArray<FilterEntry>>
  }
>() {}

export const PropertiesServiceLive = Layer.effect(
  Properties,
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const entries = sql<EntryRow>`SELECT e.id, e.type, e.parent_id, e.name FROM filter_entries e
        LEFT JOIN filter_entries p ON p.id = e.parent_id
        ORDER BY e.type, coalesce(p.position, e.position), p.id, e.position, e.id`.pipe(
      Effect.map((rows) => rows.map((r) => ({ ...r, name: parseJson(r.name) }))),
      Effect.orDie,
    )
    return {
      brands: sql<{ id: string; name: string }>`SELECT id, name FROM brands`.pipe(
        Effect.map((rows) =>
          decodeBrands(
            [...rows].sort(
              (a, b) =>
                a.name.localeCompare(b.name, "fr", { sensitivity: "base" }) || a.id.localeCompare(b.id),
            ),
          ),
        ),
        Effect.orDie,
      ),
      categories: Effect.map(entries, (rows) =>
        decodeCategories(
          rows
            .filter((r) => r.type === "machineCategory")
            .map((c) => ({
              id: c.id,
              name: c.name,
              types: rows.filter((t) => t.parent_id === c.id).map((t) => ({ id: t.id, name: t.name })),
            })),
        ),
      ),
      filterEntries: Effect.map(entries, (rows) =>
        decodeEntries(rows.map((r) => ({ id: r.id, type: r.type, name: r.name }))),
      ),
    }
  }),
)

/** The catalogue inserted when missing, at every start (see server/seed/catalogue.ts). */
export const CatalogueLive = Layer.effectDiscard(ensureCatalogue)
