import { describe, expect, it } from "vitest"
import { MachineEdit } from "../../schema/machine"
import { validate } from "./form"

describe("form validation", () => {
  it("names the field inside a nullable group, not the group as well", () => {
    const result = validate(MachineEdit, { billing: { unit: "hour", rate: "abc" } })
    expect(result).toEqual({ ok: false, errors: { "billing.rate": "invalidNumber" } })
  })

  it("says a decimal comma is the problem", () => {
    const result = validate(MachineEdit, { toolWidthMeters: "3,5" })
    expect(result).toEqual({ ok: false, errors: { toolWidthMeters: "decimalComma" } })
  })
})
