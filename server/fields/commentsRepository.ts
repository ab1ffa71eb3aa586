import { SqlClient } from "@effect/sql"
import { Effect, Schema } from "effect"
import { decodeAll, decodeFirst } from "../db/decode"
import { CommentRow } from "./rows"

const SoundRow = Schema.Struct({
  field_id: Schema.String,
  sound: Schema.NullOr(Schema.Uint8ArrayFromSelf),
  sound_type: Schema.NullOr(Schema.String),
})

/** Field comments in SQL; who may read or delete them is the service's (server/fields/comments.ts). */
export class FieldCommentsRepo extends Effect.Service<FieldCommentsRepo>()("FieldCommentsRepo", {
  effect: Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    // Never the sound's bytes: only their length.
    const select = sql`SELECT c.id, c.field_id, c.author_id, u.firstname, u.lastname, u.name, c.text,
        c.sound_type, octet_length(c.sound) AS sound_bytes, c.created_at
      FROM field_comments c JOIN users u ON u.id = c.author_id`
    return {
      /** A field's comments, newest first. */
      list: (fieldId: string) =>
        sql`${select} WHERE c.field_id = ${fieldId} ORDER BY c.created_at DESC, c.id`.pipe(
          decodeAll(CommentRow),
          Effect.orDie,
          Effect.withSpan("FieldCommentsRepo.list"),
        ),
      get: (id: string) => sql`${select} WHERE c.id = ${id}`.pipe(decodeFirst(CommentRow), Effect.orDie),
      sound: (id: string) =>
        sql`SELECT field_id, sound, sound_type FROM field_comments WHERE id = ${id}`.pipe(
          decodeFirst(SoundRow),
          Effect.orDie,
        ),
      /** Inserts the comment unless its id is taken (a retry, or another's): the caller reads what is there. */
      insert: (c: {
        id: string
        fieldId: string
        authorId: string
        text: string | null
        sound: Uint8Array | null
        soundType: string | null
      }) =>
        sql`INSERT INTO field_comments (id, field_id, author_id, text, sound, sound_type)
          VALUES (${c.id}, ${c.fieldId}, ${c.authorId}, ${c.text}, ${c.sound}, ${c.soundType})
          ON CONFLICT (id) DO NOTHING`.pipe(Effect.orDie),
      remove: (id: string) => sql`DELETE FROM field_comments WHERE id = ${id}`.pipe(Effect.orDie),
    }
  }),
}) {}
