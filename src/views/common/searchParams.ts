/**
 * Readers for a route's search parameters, without Effect: every route's `validateSearch` is in the
 * route tree that every first visit loads, and Schema would bring the Effect core with it (about
 * 66 kB gzip). A value that does not read is dropped, as if it were absent.
 */
export type Param<A> = (value: unknown) => A | undefined

type Read<P> = P extends Param<infer A> ? A : never

export type SearchOf<Fields extends Record<string, Param<unknown>>> = {
  readonly [K in keyof Fields]?: Read<Fields[K]>
}

/** A route's `validateSearch`: each field read by its reader; unreadable and unknown ones dropped. */
export const searchParams =
  <const Fields extends Record<string, Param<unknown>>>(fields: Fields) =>
  (raw: SearchOf<Fields>): SearchOf<Fields> => {
    const search: Record<string, unknown> = {}
    for (const [key, read] of Object.entries(fields)) {
      const value = read((raw as Record<string, unknown>)[key])
      if (value !== undefined) search[key] = value
    }
    return search as SearchOf<Fields>
  }

export const text: Param<string> = (value) => (typeof value === "string" ? value : undefined)

export const number: Param<number> = (value) =>
  typeof value === "number" && Number.isFinite(value) ? value : undefined

export const boolean: Param<boolean> = (value) => (typeof value === "boolean" ? value : undefined)

/** The same pattern as Schema.UUID, so an id a link carries reads here as the contract reads it. */
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export const uuid: Param<string> = (value) =>
  typeof value === "string" && uuidPattern.test(value) ? value : undefined

/** One id or several (`?machine=a&machine=b`): always a list; one unreadable id drops the field. */
export const uuids: Param<ReadonlyArray<string>> = (value) => {
  const list = Array.isArray(value) ? value : [value]
  return list.every((v) => uuid(v) !== undefined) ? (list as Array<string>) : undefined
}

/** A day, YYYY-MM-DD. */
export const day: Param<string> = (value) =>
  typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : undefined

export const literal =
  <const Values extends ReadonlyArray<string | number | boolean>>(...values: Values): Param<Values[number]> =>
  (value) =>
    values.includes(value as Values[number]) ? (value as Values[number]) : undefined

/** The first reader that reads the value. */
export const oneOf =
  <const Readers extends ReadonlyArray<Param<unknown>>>(...readers: Readers): Param<Read<Readers[number]>> =>
  (value) => {
    for (const read of readers) {
      const found = read(value)
      if (found !== undefined) return found as Read<Readers[number]>
    }
    return undefined
  }
