import { HttpApiBuilder, HttpServerResponse } from "@effect/platform"
import { Effect, Layer } from "effect"
import { SillonApi } from "../../src/schema/api"
import { FieldComments } from "../fields/comments"

/** Field comments (SPEC §3 Field comment, §7); the rules live in server/fields/comments.ts. */
export const FieldCommentsHttpLive = HttpApiBuilder.group(SillonApi, "fieldComments", (handlers) =>
  Effect.gen(function* () {
    const comments = yield* FieldComments
    return handlers
      .handle("list", ({ urlParams }) => comments.list(urlParams.field))
      .handle("sound", ({ path }) =>
        Effect.map(comments.sound(path.id), (sound) =>
          // The bytes as recorded, with their own media type (the contract's is a placeholder).
          HttpServerResponse.uint8Array(sound.bytes, { contentType: sound.contentType }),
        ),
      )
      .handle("put", ({ path, payload }) => comments.put(path.id, payload))
      .handle("remove", ({ path }) => comments.remove(path.id))
  }),
).pipe(Layer.provide(FieldComments.Default))
