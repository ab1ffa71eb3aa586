import { Schema } from "effect"
import { FieldOwner } from "./field"
import { FieldCommentId, FieldId } from "./ids"
import type { MessageCode } from "./messages"
import { allowedText } from "./validation"

const code = (c: MessageCode) => ({ message: () => c })

/** The largest recorded sound a comment may carry (the request carries it in base64, a third larger). */
export const maxSoundBytes = 10 * 1024 * 1024

/** The longest text of a comment, in characters. */
export const maxCommentLength = 2000

/**
 * The formats browsers record (MediaRecorder): WebM (Chromium, Firefox: Opus), Ogg (Firefox: Opus),
 * MP4 (Safari: AAC) and raw AAC, with an optional `codecs` parameter. The server also checks the
 * bytes' signature against the declared type.
 */
export const soundTypes = ["audio/webm", "audio/ogg", "audio/mp4", "audio/aac"] as const
export const SoundType = Schema.String.pipe(
  Schema.maxLength(100, code("soundFormat")),
  Schema.pattern(/^audio\/(?:webm|ogg|mp4|aac)(?:\s*;\s*codecs="?[a-z0-9.,\s-]+"?)?$/i, code("soundFormat")),
)

/** A recorded sound as sent: its media type and its bytes in base64. */
export const SoundUpload = Schema.Struct({
  contentType: SoundType,
  content: Schema.String.pipe(
    Schema.pattern(/^[A-Za-z0-9+/]*={0,2}$/, code("soundFormat")),
    Schema.filter((s) => s.length <= Math.ceil(maxSoundBytes / 3) * 4 || "soundTooLarge"),
  ),
})
export type SoundUpload = typeof SoundUpload.Type

/**
 * `PUT /fields_comment/{id}`: a comment on a field, a text, a recorded sound, or both. The id is
 * the client's, so the same PUT again creates nothing twice.
 */
export const FieldCommentInput = Schema.Struct({
  field: FieldId,
  text: Schema.optionalWith(
    Schema.NullOr(allowedText(Schema.Trim.pipe(Schema.maxLength(maxCommentLength, code("commentTooLong"))))),
    { default: () => null },
  ),
  sound: Schema.optionalWith(Schema.NullOr(SoundUpload), { default: () => null }),
}).pipe(Schema.filter((c) => (c.text !== null && c.text !== "") || c.sound !== null || "commentEmpty"))
export type FieldCommentInput = typeof FieldCommentInput.Type

/**
 * SPEC §3 Field comment: on a field, by its author, at an instant; a text and/or a recorded sound
 * (its bytes fetched apart, `GET /fields_comment/{id}?sound=true`).
 */
export class FieldComment extends Schema.Class<FieldComment>("FieldComment")({
  id: FieldCommentId,
  field: FieldId,
  author: FieldOwner,
  text: Schema.NullOr(Schema.String),
  sound: Schema.NullOr(Schema.Struct({ contentType: Schema.String, bytes: Schema.Int })),
  createdAt: Schema.DateTimeUtc,
  /** Whether the caller may delete it: its author, or whoever manages the field. */
  can: Schema.Struct({ delete: Schema.Boolean }),
}) {}

/** `GET /fields_comment?field=`: a field's comments, newest first. */
export const FieldCommentQuery = Schema.Struct({ field: FieldId })

/** `GET /fields_comment/{id}?sound=true`: the sound's bytes with their media type. */
export const SoundQuery = Schema.Struct({ sound: Schema.Literal("true") })
