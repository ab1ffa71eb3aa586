import { Effect } from "effect"
import type { FieldId } from "../schema/ids"
import { ApiClient } from "./apiClient"

/** The vegetation-index calls the charts invoke. */
const api = ApiClient

export const season = (id: FieldId, year: number) =>
  Effect.flatMap(api, (c) => c.vegetation.season({ path: { id }, urlParams: { year } }))
export const latest = (year: number) =>
  Effect.flatMap(api, (c) => c.vegetation.latest({ urlParams: { year } }))
