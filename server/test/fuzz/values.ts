import { hostileFor, hostileValues } from "./hostile"
import { type Prng, Raw, toJson } from "./random"

type Json = Record<string | number, unknown>
const isNode = (v: unknown): v is Json => typeof v === "object" && v !== null && !(v instanceof Raw)
const unknownKeys = ["__proto__", "constructor", "extra", "", "\u0000", "\ud800", "k".repeat(1000)]

/** Every place in a JSON value, the root included. */
const places = (v: unknown, at: Array<string | number> = []): Array<Array<string | number>> => [
  at,
  ...(isNode(v)
    ? Object.keys(v).flatMap((k) => places(v[k], [...at, Array.isArray(v) ? Number(k) : k]))
    : []),
]

// defineProperty, because assigning "__proto__" would change the prototype instead of adding a field.
const put = (o: Json, k: string | number, v: unknown) =>
  Object.defineProperty(o, k, { value: v, enumerable: true, writable: true, configurable: true })

/**
 * A copy of a hostile value to put in a body: the catalogue's objects and arrays are shared, and a
 * later mutation of the same body may change what it inserted (once it put `{}` inside itself,
 * and every walk of a body holding it recursed forever).
 */
const fresh = (v: unknown): unknown => {
  if (!isNode(v)) return v
  const copy: Json = Array.isArray(v) ? ([] as unknown as Json) : {}
  for (const k of Object.keys(v)) put(copy, k, fresh(v[k]))
  return copy
}

/** A wrong type, a value out of range, a missing or an unknown field, somewhere in `root` (changed in place). */
export const mutate = (r: Prng, root: unknown): unknown => {
  const at = r.pick(places(root))
  if (at.length === 0) return fresh(r.pick(hostileValues))
  const parent = at.slice(0, -1).reduce((v: unknown, k) => (v as Json)[k], root) as Json
  const key = at[at.length - 1]
  const target = parent[key]
  const kind = r.int(4)
  if (kind === 0 && !Array.isArray(parent)) delete parent[key]
  else if (kind === 1 && isNode(target) && !Array.isArray(target))
    put(target, r.pick(unknownKeys), fresh(r.pick(hostileValues)))
  else put(parent, key, fresh(hostileFor(r.pick, target)))
  return root
}

export const randomUuid = (r: Prng) =>
  Array.from({ length: 32 }, () => "0123456789abcdef"[r.int(16)])
    .join("")
    .replace(/(.{8})(.{4})(.{4})(.{4})(.{12})/, "$1-$2-$3-$4-$5")

export const ascii = (s: string) => /^[\x20-\x7e]*$/.test(s)

/** A value as text in a path, query or header: raw JSON as written, other values as JSON. */
export const render = (v: unknown) => (v instanceof Raw ? v.text : typeof v === "string" ? v : toJson(v))

/** Percent-encoded; a lone surrogate cannot be, so the URL parser gets it raw. */
export const encode = (v: string) => {
  try {
    return encodeURIComponent(v)
  } catch {
    return v
  }
}
