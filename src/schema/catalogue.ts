import { Schema } from "effect"
import { BrandId, FilterEntryId } from "./ids"

/**
 * SPEC §3 Filter entry: a name as a list of language/text pairs with a default. SPEC §9: the
 * name shown is the one whose language is the page language's prefix ("fr-FR" → "fr"; SPEC §9 says the browser's, docs/api.md says why),
 * else the default.
 */
export const FilterName = Schema.Struct({
  default: Schema.String,
  texts: Schema.Array(Schema.Struct({ lang: Schema.String, text: Schema.String })),
})
export type FilterName = typeof FilterName.Type

export const pickName = (name: FilterName, language: string): string => {
  const prefix = language.toLowerCase().split(/[-_]/)[0]
  return name.texts.find((t) => t.lang.toLowerCase() === prefix)?.text ?? name.default
}

/** Machine categories and types (the fleet's catalogue), and product types (what a work spreads, sows or handles). */
export const FilterEntryType = Schema.Literal("machineCategory", "machineType", "productType")

export class FilterEntry extends Schema.Class<FilterEntry>("FilterEntry")({
  id: FilterEntryId,
  type: FilterEntryType,
  name: FilterName,
}) {}

export class Brand extends Schema.Class<Brand>("Brand")({ id: BrandId, name: Schema.String }) {}

/** A filter entry named where it is used (a booking's or a tag's product type). */
export const FilterEntryRef = Schema.Struct({ id: FilterEntryId, name: FilterName })
export type FilterEntryRef = typeof FilterEntryRef.Type

/** A machine type (tractor 4WD, combine harvester…) within its category. */
export const MachineTypeRef = Schema.Struct({ id: FilterEntryId, name: FilterName })
export type MachineTypeRef = typeof MachineTypeRef.Type

/** SPEC §3: machine categories carry types, each with a name. */
export class MachineCategory extends Schema.Class<MachineCategory>("MachineCategory")({
  id: FilterEntryId,
  name: FilterName,
  types: Schema.Array(MachineTypeRef),
}) {}
