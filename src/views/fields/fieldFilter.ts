import type { FieldIndex } from "../../schema/field"
import { fold } from "../common/fold"
import type { LngLatBox } from "../common/map/FieldsMap"

/** What FieldsMain filters by: the search text, an owner's id, a structure's id ("" for any). */
export interface FieldFilter {
  readonly q: string
  readonly owner: string
  readonly structure: string
}

/**
 * The index made ready to filter many times: names and crops folded once, at the first search
 * (30,000 names take tens of milliseconds to fold: not before the list first shows).
 */
export interface Searchable {
  readonly index: FieldIndex
  readonly folded: () => { readonly names: ReadonlyArray<string>; readonly crops: ReadonlyArray<string> }
}

export const searchable = (index: FieldIndex): Searchable => {
  let folded: { names: ReadonlyArray<string>; crops: ReadonlyArray<string> } | undefined
  return {
    index,
    folded: () => {
      folded ??= { names: index.fields.name.map(fold), crops: index.fields.crop.map((c) => fold(c ?? "")) }
      return folded
    },
  }
}

/** What a filter keeps: the fields' positions in the index (by name), their total area and their box. */
export interface Filtered {
  readonly positions: ReadonlyArray<number>
  readonly areaHa: number
  readonly bounds: LngLatBox | null
  /** The ids kept, or null when every field is (the map then needs no filter). */
  readonly ids: ReadonlyArray<string> | null
}

/**
 * The fields a search keeps: the name contains the text (accents and case aside) or the crop is
 * the text, of the chosen owner, whose owner is a member of the chosen structure. One pass over
 * the columns: 30,000 fields in a few milliseconds.
 */
export const filterFields = ({ index, folded }: Searchable, filter: FieldFilter): Filtered => {
  const q = fold(filter.q.trim())
  const { fields, owners } = index
  const { names, crops } = q === "" ? { names: fields.name, crops: fields.crop } : folded()
  const owner = filter.owner === "" ? -1 : owners.findIndex((o) => o.id === filter.owner)
  const inStructure =
    filter.structure === "" ? null : owners.map((o) => o.structures.some((s) => s === filter.structure))
  const positions: Array<number> = []
  let areaHa = 0
  let w = 180
  let s = 90
  let e = -180
  let n = -90
  const { bbox } = fields
  for (let i = 0; i < names.length; i++) {
    const o = fields.owner[i] ?? -1
    if (filter.owner !== "" && o !== owner) continue
    if (inStructure && !inStructure[o]) continue
    if (q !== "" && !(names[i] ?? "").includes(q) && crops[i] !== q) continue
    positions.push(i)
    areaHa += fields.areaHa[i] ?? 0
    w = Math.min(w, bbox[4 * i] ?? w)
    s = Math.min(s, bbox[4 * i + 1] ?? s)
    e = Math.max(e, bbox[4 * i + 2] ?? e)
    n = Math.max(n, bbox[4 * i + 3] ?? n)
  }
  const all = positions.length === names.length
  return {
    positions,
    areaHa,
    bounds: positions.length === 0 ? null : [w, s, e, n],
    ids: all ? null : positions.map((i) => fields.id[i] ?? ""),
  }
}

/** A field's box from the index. */
export const boxAt = (index: FieldIndex, i: number): LngLatBox | undefined => {
  const b = index.fields.bbox
  return i < 0 || 4 * i + 3 >= b.length
    ? undefined
    : [b[4 * i] ?? 0, b[4 * i + 1] ?? 0, b[4 * i + 2] ?? 0, b[4 * i + 3] ?? 0]
}
