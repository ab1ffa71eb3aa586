import { describe, expect, it } from "vitest"
import type { FieldIndex } from "../../schema/field"
import { FieldId } from "../../schema/ids"
import { filterFields, searchable } from "./fieldFilter"
import { pointsOf } from "./fieldPoints"

const id = (n: number) => FieldId.make(`5f0c6e9a-3c2b-4d3e-9f5a-${String(n).padStart(12, "0")}`)

/** Three fields side by side, each its own box. */
const index: FieldIndex = {
  tag: "0123456789abcdef0123456789abcdef",
  version: "v",
  structures: [],
  owners: [],
  bounds: [1, 48, 1.3, 48.3],
  fields: {
    id: [id(1), id(2), id(3)],
    name: ["La Croix Blanche", "Le Clos", "Les Vingt Arpents"],
    areaHa: [2.5, 1.25, 4],
    owner: [0, 0, 0],
    crop: [null, null, null],
    bbox: [1, 48, 1.1, 48.2, 1.1, 48.1, 1.2, 48.2, 1.2, 48.2, 1.3, 48.3],
  },
}

describe("FieldsMain's map far out", () => {
  it("places each field shown at its box's centre, in the list's order", () => {
    const points = pointsOf(index, [2, 0])
    expect(points.ids).toEqual([id(3), id(1)])
    expect(Array.from(points.lngLat)).toEqual([1.25, 48.25, 1.05, 48.1])
  })

  it("holds only the fields the list's filter keeps", () => {
    const kept = filterFields(searchable(index), { q: "clos", owner: "", structure: "" })
    const points = pointsOf(index, kept.positions)
    expect(points.ids).toEqual([id(2)])
    expect(points.lngLat[0]).toBeCloseTo(1.15, 10)
    expect(points.lngLat[1]).toBeCloseTo(48.15, 10)
    expect(pointsOf(index, []).ids).toEqual([])
  })
})
