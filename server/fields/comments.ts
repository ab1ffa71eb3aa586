import { Effect } from "effect"
import { BadRequest, Conflict, Forbidden, NotFound } from "../../src/schema/errors"
import type { FieldCommentInput } from "../../src/schema/fieldComment"
import { CurrentUser } from "../../src/schema/middleware"
import { FieldCommentsRepo } from "./commentsRepository"
import { FieldsRepo } from "./repository"
import { toComment } from "./rows"
import { declaredFamily, normalisedType, soundFamilyOf } from "./sound"

/**
 * Field comments, text and voice (SPEC §3 Field comment). Whoever sees the field reads its
 * comments and comments on it; the author deletes their own, and whoever manages the field may
 * delete any (docs/rights.md, Fields). A field one does not see answers 404, as the field itself.
 */
export class FieldComments extends Effect.Service<FieldComments>()("FieldComments", {
  effect: Effect.gen(function* () {
    const fields = yield* FieldsRepo
    const repo = yield* FieldCommentsRepo

    /** The field as the caller sees it (with whether they manage it), or 404. */
    const seenField = (me: string, fieldId: string) =>
      Effect.flatMap(fields.get(me, fieldId), (row) =>
        row ? Effect.succeed(row) : Effect.fail(NotFound.of()),
      )

    /** The comment and its field, when the caller sees the field; 404 otherwise. */
    const seenComment = (me: string, id: string) =>
      Effect.gen(function* () {
        const row = yield* repo.get(id)
        if (!row) return yield* Effect.fail(NotFound.of())
        const field = yield* seenField(me, row.field_id)
        return { row, manages: field.manages }
      })

    /** The sound's bytes, when their signature is one of the declared type's (400 otherwise). */
    const soundOf = (input: FieldCommentInput) =>
      Effect.gen(function* () {
        if (input.sound === null) return null
        const bytes = new Uint8Array(Buffer.from(input.sound.content, "base64"))
        const family = soundFamilyOf(bytes)
        if (family === undefined || family !== declaredFamily(input.sound.contentType))
          return yield* Effect.fail(BadRequest.of("soundFormat"))
        return { bytes, type: normalisedType(input.sound.contentType) }
      })

    return {
      /** A field's comments, newest first. */
      list: Effect.fn("FieldComments.list")(function* (fieldId: string) {
        const { id: me } = yield* CurrentUser
        const field = yield* seenField(me, fieldId)
        return (yield* repo.list(fieldId)).map((row) => toComment(row, me, field.manages))
      }),
      /** The recorded sound's bytes and media type. */
      sound: Effect.fn("FieldComments.sound")(function* (id: string) {
        const { id: me } = yield* CurrentUser
        const stored = yield* repo.sound(id)
        if (!stored) return yield* Effect.fail(NotFound.of())
        yield* seenField(me, stored.field_id)
        if (stored.sound === null || stored.sound_type === null) return yield* Effect.fail(NotFound.of())
        return { bytes: stored.sound, contentType: stored.sound_type }
      }),
      /**
       * Creates the comment `id` on the field; the same PUT again answers the comment already made.
       * An id someone else took, or taken on another field, is a 409.
       */
      put: Effect.fn("FieldComments.put")(function* (id: string, input: FieldCommentInput) {
        const { id: me } = yield* CurrentUser
        const field = yield* seenField(me, input.field)
        const sound = yield* soundOf(input)
        yield* repo.insert({
          id,
          fieldId: input.field,
          authorId: me,
          text: input.text === "" ? null : input.text,
          sound: sound?.bytes ?? null,
          soundType: sound?.type ?? null,
        })
        const row = yield* repo.get(id)
        if (!row || row.field_id !== input.field || row.author_id !== me)
          return yield* Effect.fail(Conflict.of("commentIdTaken"))
        return toComment(row, me, field.manages)
      }),
      /** Deletes the comment: its author, or whoever manages the field. */
      remove: Effect.fn("FieldComments.remove")(function* (id: string) {
        const { id: me } = yield* CurrentUser
        const { row, manages } = yield* seenComment(me, id)
        if (row.author_id !== me && !manages) return yield* Effect.fail(Forbidden.of())
        yield* repo.remove(id)
      }),
    }
  }),
  dependencies: [FieldsRepo.Default, FieldCommentsRepo.Default],
}) {}
