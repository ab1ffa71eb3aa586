import { describe, expect, it } from "vitest"
import { parsePlanningSearch } from "./search"

describe("parsePlanningSearch", () => {
  it("keeps all=true (as the router reads it, or as text) and drops anything else", () => {
    expect(parsePlanningSearch({ all: true })).toEqual({ all: true })
    expect(parsePlanningSearch({ all: "true" })).toEqual({ all: true })
    expect(parsePlanningSearch({ all: false, view: "week" })).toEqual({ view: "week" })
    expect(parsePlanningSearch({ all: "yes" })).toEqual({})
  })
})
