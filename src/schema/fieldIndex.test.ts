import { Either, Schema } from "effect"
import { describe, expect, it } from "vitest"
import { FieldIndex } from "./field"

const id = "0a1b2c3d-0000-4000-8000-00000000000a"
const valid = {
  tag: "0123456789abcdef0123456789abcdef",
  version: "1-2",
  structures: [],
  owners: [{ id, firstname: "Anne", lastname: "Roux", name: null, structures: [] }],
  bounds: [1, 48, 1.01, 48.01],
  fields: {
    id: [id],
    name: ["La Mare"],
    areaHa: [1.25],
    owner: [0],
    crop: [null],
    bbox: [1, 48, 1.01, 48.01],
  },
}
const decode = Schema.decodeUnknownEither(FieldIndex)
const withColumn = (name: string, value: unknown) => ({
  ...valid,
  fields: { ...valid.fields, [name]: value },
})

describe("FieldsMain's index as the client reads it", () => {
  it("reads an index whose columns hold what they should", () => {
    const index = Either.getOrThrow(decode(valid))
    expect(index.fields.name).toEqual(["La Mare"])
    expect(index.fields.crop).toEqual([null])
  })

  it.each([
    ["id", ["not-a-uuid"]],
    ["id", [42]],
    ["name", [null]],
    ["areaHa", ["1.25"]],
    ["areaHa", [Number.POSITIVE_INFINITY]],
    ["owner", [0.5]],
    ["crop", [7]],
    ["bbox", [1, 48, "x", 48.01]],
    ["bbox", {}],
  ])("refuses a %s column holding %j", (name, value) => {
    expect(Either.isLeft(decode(withColumn(name, value)))).toBe(true)
  })
})
