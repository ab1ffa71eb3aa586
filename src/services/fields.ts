import { Effect, Option } from "effect"
import { FieldCommentsGroup } from "../schema/api.fieldComments"
import { FieldsGroup } from "../schema/api.fields"
import type { FieldInput, FieldQuery, ImportConfirm, ImportFile, OwnerChange } from "../schema/field"
import type { FieldCommentInput } from "../schema/fieldComment"
import type { FieldCommentId, FieldId } from "../schema/ids"
import { clientOf } from "./apiClient"
import { keepIndex, readKeptIndex } from "./keptIndex"
import { base64Of } from "./recorder"

/** The work-area calls the charts invoke (SPEC §7 `GET fields?user`, and the imports). */
const api = clientOf(FieldsGroup, FieldCommentsGroup)

export const list = (query: FieldQuery = {}) =>
  Effect.flatMap(api, (c) => c.fields.list({ urlParams: query }))
/**
 * Every field the caller sees without outlines (FieldsMain at any size): the kept copy when the
 * server confirms it is still the one (304), else the new index, kept for the next visit.
 */
export const index = () =>
  Effect.gen(function* () {
    const c = yield* api
    const kept = yield* readKeptIndex
    const answer = yield* c.fields.index({
      headers: { "if-none-match": Option.isSome(kept) ? `"${kept.value.tag}"` : undefined },
    })
    if (answer !== undefined) {
      yield* keepIndex(answer)
      return answer
    }
    if (Option.isSome(kept)) return kept.value
    // A 304 without a copy to confirm cannot happen; ask again without a tag rather than show nothing.
    return (yield* c.fields.index({ headers: {} })) ?? (yield* Effect.die("index answered 304 to no tag"))
  })
export const get = (id: FieldId) => Effect.flatMap(api, (c) => c.fields.get({ path: { id } }))
export const put = (id: FieldId, input: FieldInput) =>
  Effect.flatMap(api, (c) => c.fields.put({ path: { id }, payload: input }))
export const changeOwner = (id: FieldId, change: OwnerChange) =>
  Effect.flatMap(api, (c) => c.fields.owner({ path: { id }, payload: change }))
export const ownerCandidates = (id: FieldId) =>
  Effect.flatMap(api, (c) => c.fields.ownerCandidates({ path: { id } }))
export const remove = (id: FieldId) => Effect.flatMap(api, (c) => c.fields.remove({ path: { id } }))
export const preview = (file: ImportFile) => Effect.flatMap(api, (c) => c.fields.preview({ payload: file }))
export const importFile = (request: ImportConfirm) =>
  Effect.flatMap(api, (c) => c.fields.import({ payload: request }))

/** A field's comments (SPEC §7 `GET fields_comment?field=`), newest first. */
export const comments = (field: FieldId) =>
  Effect.flatMap(api, (c) => c.fieldComments.list({ urlParams: { field } }))
/** A voice comment's sound, as a blob of its own media type (SPEC §7 `?sound=true`). */
export const sound = (id: FieldCommentId, contentType: string) =>
  Effect.flatMap(api, (c) => c.fieldComments.sound({ path: { id }, urlParams: { sound: "true" } })).pipe(
    Effect.map((bytes) => new Blob([bytes as Uint8Array<ArrayBuffer>], { type: contentType })),
  )
/**
 * Sends a comment (PUT with the id the chart chose, so a retry creates nothing twice): its text and
 * its recording, read into base64 first.
 */
export const sendComment = (
  id: FieldCommentId,
  input: Omit<FieldCommentInput, "sound"> & { recording: { blob: Blob; contentType: string } | null },
) =>
  Effect.gen(function* () {
    const { recording, ...rest } = input
    const content = recording ? yield* Effect.promise(() => base64Of(recording.blob)) : null
    const sound = recording && content !== null ? { contentType: recording.contentType, content } : null
    const client = yield* api
    return yield* client.fieldComments.put({ path: { id }, payload: { ...rest, sound } })
  })
export const removeComment = (id: FieldCommentId) =>
  Effect.flatMap(api, (c) => c.fieldComments.remove({ path: { id } }))
