import { isNull, type JsonSchema, type OpenApi, resolve } from "./openapi"

/** Picks for the sampler: randomness, and real ids so that valid-looking input reaches the database. */
export interface Sampling {
  readonly int: (n: number) => number
  readonly pick: <A>(xs: ReadonlyArray<A>) => A
  /** An id-shaped value for the field or parameter named `key`. */
  readonly uuid: (key: string | undefined) => string
  /** Only what the schema requires (no optional field, null where allowed, the fewest items). */
  readonly minimal?: boolean
}

/** A base date far from the database's limits; fixed rather than now, so a seed replays exactly. */
const base = Date.UTC(2031, 0, 6, 8)

const text = (s: Sampling, key: string | undefined, schema: JsonSchema): string => {
  if (schema.format === "uuid") return s.uuid(key)
  if (schema.description?.includes("DateTime"))
    return new Date(base + s.int(24 * 60) * 3_600_000).toISOString()
  if (key && /mail/i.test(key)) return `fuzz${s.int(1e6)}@example.org`
  if (key && /password/i.test(key)) return "correct horse battery"
  if (key && /code/i.test(key)) return "ABCD2345"
  return `Fuzz ${s.int(1000)}`.slice(0, schema.maxLength ?? 200)
}

/**
 * A value the schema accepts as far as a sketch can tell, so that a mutation, not the first
 * wrong field, is what the server meets.
 */
export const sample = (doc: OpenApi, schema: JsonSchema, s: Sampling, key?: string, depth = 0): unknown => {
  const t = resolve(doc, schema)
  const options = t.anyOf ?? t.oneOf
  if (options) {
    const some = options.filter((o) => !isNull(o))
    const nullable = some.length < options.length
    if (some.length === 0 || (nullable && (s.minimal || s.int(5) === 0))) return null
    // A plain text beside other forms is mostly their text form (a decimal as "3.5"): take another.
    const typed = some.filter((o) => resolve(doc, o).type !== "string" || resolve(doc, o).format)
    return sample(doc, s.pick(typed.length > 0 && s.int(4) > 0 ? typed : some), s, key, depth + 1)
  }
  if (t.allOf) return Object.assign({}, ...t.allOf.map((x) => sample(doc, x, s, key, depth + 1)))
  if (t.enum) return s.pick(t.enum)
  const type = Array.isArray(t.type) ? s.pick(t.type) : t.type
  switch (type) {
    case "object": {
      const required = new Set(t.required ?? [])
      const entries = Object.entries(t.properties ?? {}).filter(
        ([k]) => required.has(k) || (!s.minimal && depth < 6 && s.int(2) === 0),
      )
      return Object.fromEntries(entries.map(([k, v]) => [k, sample(doc, v, s, k, depth + 1)]))
    }
    case "array": {
      if (t.prefixItems) return t.prefixItems.map((x) => sample(doc, x, s, key, depth + 1))
      const min = t.minItems ?? 0
      const n =
        s.minimal || depth > 6
          ? min
          : min + s.int(Math.max(1, Math.min(3, (t.maxItems ?? min + 2) - min + 1)))
      return Array.from({ length: n }, () => (t.items ? sample(doc, t.items, s, key, depth + 1) : null))
    }
    case "number":
    case "integer": {
      const min = t.minimum ?? 0
      const max = t.maximum ?? min + 100
      return min + s.int(Math.max(1, Math.floor(max - min)))
    }
    case "boolean":
      return s.int(2) === 0
    case "null":
      return null
    case "string":
      return text(s, key, t)
    default:
      return {}
  }
}
