import { describe, expect, it } from "vitest"
import { toQueryString, toUrlParams } from "./urlParams"

describe("query parameters", () => {
  it("repeats array values and skips nulls", () => {
    expect(toUrlParams({ user: [1, null, 2], field: null, page: 3, all: true, none: undefined })).toEqual([
      ["user", "1"],
      ["user", "2"],
      ["page", "3"],
      ["all", "true"],
    ])
  })

  it("encodes a query string, empty when nothing is left", () => {
    expect(toQueryString({ user: ["a b", "c&d"], startDate: "2026-01-01" })).toBe(
      "?user=a+b&user=c%26d&startDate=2026-01-01",
    )
    expect(toQueryString({ field: null, user: [] })).toBe("")
  })
})
