import { Schema } from "effect"
import { Grant, grants, Right, rights } from "../../src/schema/rights"

// How columns come back from both drivers (node-postgres, PGlite), as Schemas that rows are decoded with.

/** timestamptz: a Date from the drivers (text on some paths), read as a Date. */
export const DateColumn = Schema.Union(Schema.DateFromSelf, Schema.Date)

/** timestamptz read as a UTC instant. */
export const UtcColumn = Schema.Union(Schema.DateTimeUtcFromDate, Schema.DateTimeUtc)

/** A number column (double precision, numeric): a number, or text (numeric through node-postgres). */
export const NumericColumn = Schema.Union(Schema.Number, Schema.NumberFromString)

/** json/jsonb: parsed by the drivers, or still text on some paths (parsed then). */
export const JsonColumn = <A, I, R>(schema: Schema.Schema<A, I, R>) =>
  Schema.Union(Schema.parseJson(schema), schema)

/** A text[] of rights: the ones this version knows, in the specification's order (an unknown one grants nothing). */
export const KnownRights = Schema.transform(Schema.Array(Schema.String), Schema.Array(Right), {
  strict: true,
  decode: (list) => rights.filter((r) => list.includes(r)),
  encode: (list) => list,
})

/** A text[] of grants, read through the known list as rights are. */
export const KnownGrants = Schema.transform(Schema.Array(Schema.String), Schema.Array(Grant), {
  strict: true,
  decode: (list) => grants.filter((g) => list.includes(g)),
  encode: (list) => list,
})

/** A text[] parameter as one text value (`{a,b}`, cast with `::text[]`): both drivers send it the same way. */
export const textArray = (list: ReadonlyArray<string>) => `{${list.join(",")}}`
