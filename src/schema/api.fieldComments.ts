import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema } from "@effect/platform"
import { Schema } from "effect"
import { BadRequest, Conflict, Forbidden, NotFound, Unauthorized } from "./errors"
import { FieldComment, FieldCommentInput, FieldCommentQuery, SoundQuery } from "./fieldComment"
import { FieldCommentId } from "./ids"
import { Authentication } from "./middleware"

const commentParam = HttpApiSchema.param("id", FieldCommentId)

/**
 * Field comments, text and voice (SPEC §3 Field comment; §7 `GET fields_comment?field=`,
 * `GET fields_comment/{id}?sound=true` as a blob). Who reads, writes and deletes: docs/rights.md (Fields).
 */
export class FieldCommentsGroup extends HttpApiGroup.make("fieldComments")
  .add(
    HttpApiEndpoint.get("list", "/fields_comment")
      .setUrlParams(FieldCommentQuery)
      .addSuccess(Schema.Array(FieldComment)),
  )
  /** The recorded sound's bytes, answered with the media type it was recorded in (`sound.contentType`). */
  .add(
    HttpApiEndpoint.get("sound")`/fields_comment/${commentParam}`
      .setUrlParams(SoundQuery)
      .addSuccess(HttpApiSchema.Uint8Array({ contentType: "application/octet-stream" })),
  )
  /** Creates the comment `id`; the same PUT again answers the same comment and creates nothing. */
  .add(
    HttpApiEndpoint.put("put")`/fields_comment/${commentParam}`
      .setPayload(FieldCommentInput)
      .addSuccess(FieldComment),
  )
  .add(HttpApiEndpoint.del("remove")`/fields_comment/${commentParam}`.addSuccess(Schema.Void))
  .addError(Unauthorized)
  .addError(Forbidden)
  .addError(NotFound)
  .addError(BadRequest)
  .addError(Conflict)
  .middleware(Authentication)
  .prefix("/api/v2") {}
