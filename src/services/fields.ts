import { Effect } from "effect"
import type { FieldInput, FieldQuery, ImportConfirm, ImportFile, OwnerChange } from "../schema/field"
import type { FieldId } from "../schema/ids"
import { ApiClient } from "./apiClient"

/** The work-area calls the charts invoke (SPEC §7 `GET fields?user`, and the imports). */
const api = ApiClient

export const list = (query: FieldQuery = {}) =>
  Effect.flatMap(api, (c) => c.fields.list({ urlParams: query }))
export const get = (id: FieldId) => Effect.flatMap(api, (c) => c.fields.get({ path: { id } }))
export const put = (id: FieldId, input: FieldInput) =>
  Effect.flatMap(api, (c) => c.fields.put({ path: { id }, payload: input }))
export const changeOwner = (id: FieldId, change: OwnerChange) =>
  Effect.flatMap(api, (c) => c.fields.owner({ path: { id }, payload: change }))
export const remove = (id: FieldId) => Effect.flatMap(api, (c) => c.fields.remove({ path: { id } }))
export const preview = (file: ImportFile) => Effect.flatMap(api, (c) => c.fields.preview({ payload: file }))
export const importFile = (request: ImportConfirm) =>
  Effect.flatMap(api, (c) => c.fields.import({ payload: request }))
