type Scalar = string | number | boolean
export type QueryInput = Readonly<
  Record<string, Scalar | null | undefined | ReadonlyArray<Scalar | null | undefined>>
>

/** SPEC §7: array query parameters are repeated (`user=1&user=2`), null values skipped. */
export const toUrlParams = (input: QueryInput): Array<[string, string]> =>
  Object.entries(input).flatMap(([key, value]) =>
    (Array.isArray(value) ? value : [value])
      .filter((v): v is Scalar => v !== null && v !== undefined)
      .map((v): [string, string] => [key, String(v)]),
  )

export const toQueryString = (input: QueryInput): string => {
  const query = new URLSearchParams(toUrlParams(input)).toString()
  return query === "" ? "" : `?${query}`
}
