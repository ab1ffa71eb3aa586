import { describe, expect, it } from "vitest"
import type { FieldIndex } from "../../schema/field"
import { ClusterId, FieldId, UserId } from "../../schema/ids"
import { boxAt, filterFields, searchable } from "./fieldFilter"

const cuma = ClusterId.make("9a3e1c44-2b7d-4f1e-8c55-0d6f2a1b3c01")
const earl = ClusterId.make("9a3e1c44-2b7d-4f1e-8c55-0d6f2a1b3c02")
const id = (n: number) => FieldId.make(`5f0c6e9a-3c2b-4d3e-9f5a-${String(n).padStart(12, "0")}`)
const owner = (n: number, structures: ReadonlyArray<ClusterId>) => ({
  id: UserId.make(`7b1d2e3f-4a5b-4c6d-8e7f-${String(n).padStart(12, "0")}`),
  firstname: `Prénom ${n}`,
  lastname: `Nom ${n}`,
  name: null,
  structures,
})

/** Three fields: Anne's two (CUMA and EARL), Paul's one (CUMA only). */
const index: FieldIndex = {
  tag: "0123456789abcdef0123456789abcdef",
  version: "v",
  structures: [
    { id: cuma, name: "CUMA" },
    { id: earl, name: "EARL" },
  ],
  owners: [owner(1, [cuma, earl]), owner(2, [cuma])],
  bounds: [1, 48, 1.3, 48.3],
  fields: {
    id: [id(1), id(2), id(3)],
    name: ["La Croix Blanche", "Le Clos Érable", "Les Vingt Arpents"],
    areaHa: [2.5, 1.25, 4],
    owner: [0, 1, 0],
    crop: ["BTH", null, "ORH"],
    bbox: [1, 48, 1.1, 48.1, 1.1, 48.1, 1.2, 48.2, 1.2, 48.2, 1.3, 48.3],
  },
}
const all = { q: "", owner: "", structure: "" }
const ready = searchable(index)

describe("FieldsMain's filters", () => {
  it("keeps every field without a filter, with their total area, and asks the map for no filter", () => {
    expect(filterFields(ready, all)).toEqual({
      positions: [0, 1, 2],
      areaHa: 7.75,
      bounds: [1, 48, 1.3, 48.3],
      ids: null,
    })
  })

  it("searches names without accents or case, and crops by their code", () => {
    expect(filterFields(ready, { ...all, q: "  ERABLE " }).ids).toEqual([id(2)])
    expect(filterFields(ready, { ...all, q: "le" }).ids).toEqual([id(2), id(3)])
    expect(filterFields(ready, { ...all, q: "orh" })).toMatchObject({ ids: [id(3)], areaHa: 4 })
    // A crop code is matched whole, not as a part.
    expect(filterFields(ready, { ...all, q: "or" }).ids).toEqual([])
  })

  it("filters by owner and by the structure the owner is a member of, the total and box following", () => {
    expect(filterFields(ready, { ...all, owner: index.owners[0]?.id ?? "" })).toEqual({
      positions: [0, 2],
      areaHa: 6.5,
      bounds: [1, 48, 1.3, 48.3],
      ids: [id(1), id(3)],
    })
    expect(filterFields(ready, { ...all, structure: earl })).toMatchObject({
      ids: [id(1), id(3)],
      areaHa: 6.5,
    })
    expect(filterFields(ready, { ...all, structure: cuma }).ids).toBeNull()
    expect(
      filterFields(ready, { ...all, structure: cuma, owner: index.owners[1]?.id ?? "", q: "clos" }),
    ).toEqual({
      positions: [1],
      areaHa: 1.25,
      bounds: [1.1, 48.1, 1.2, 48.2],
      ids: [id(2)],
    })
  })

  it("says when nothing matches: no area, no box, an empty filter for the map", () => {
    expect(filterFields(ready, { ...all, q: "aucune" })).toEqual({
      positions: [],
      areaHa: 0,
      bounds: null,
      ids: [],
    })
  })

  it("reads a field's box from the index", () => {
    expect(boxAt(index, 1)).toEqual([1.1, 48.1, 1.2, 48.2])
    expect(boxAt(index, 3)).toBeUndefined()
    expect(boxAt(index, -1)).toBeUndefined()
  })
})
