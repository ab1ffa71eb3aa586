import { Effect } from "effect"
import { VegetationGroup } from "../schema/api.vegetation"
import type { FieldId } from "../schema/ids"
import { clientOf } from "./apiClient"

/** The vegetation-index calls the charts invoke. */
const api = clientOf(VegetationGroup)

export const season = (id: FieldId, year: number) =>
  Effect.flatMap(api, (c) => c.vegetation.season({ path: { id }, urlParams: { year } }))
export const latest = (year: number) =>
  Effect.flatMap(api, (c) => c.vegetation.latest({ urlParams: { year } }))
