import { HttpApiBuilder, HttpServerRequest, HttpServerResponse } from "@effect/platform"
import { Effect, Layer } from "effect"
import { SillonApi } from "../../src/schema/api"
import { Fields } from "../fields/service"
import { compressedJson, knownTag } from "./compression"

/** Work areas (SPEC §3 Field, §7); the rules live in server/fields/. */
export const FieldsHttpLive = HttpApiBuilder.group(SillonApi, "fields", (handlers) =>
  Effect.gen(function* () {
    const fields = yield* Fields
    return (
      handlers
        .handle("list", ({ urlParams }) => fields.list(urlParams))
        // Written as JSON by the database already (30,000 fields: no object per field on the way),
        // tagged: the browser keeps it and asks again with the tag, answered 304 while nothing it
        // depends on changed. Compressed when the browser accepts it (3.4 MB of JSON at 30,000
        // fields: a third of that on a phone's network).
        .handle("index", ({ headers: asked }) =>
          Effect.gen(function* () {
            const request = yield* HttpServerRequest.HttpServerRequest
            const { tag, body } = yield* fields.index(knownTag(asked["if-none-match"]))
            const headers = { etag: `"${tag}"`, "cache-control": "private, no-cache" }
            if (body === null) return HttpServerResponse.empty({ status: 304, headers })
            // The tag in the body too: the client keeps both together.
            const tagged = `{"tag":"${tag}",${body.slice(1)}`
            return yield* compressedJson(tagged, request.headers["accept-encoding"], headers)
          }),
        )
        // Personal: kept by the browser only, for a day when the address names the index's version.
        .handle("tile", ({ path, urlParams }) =>
          Effect.map(fields.tile(path), (tile) =>
            HttpServerResponse.uint8Array(tile, {
              contentType: "application/vnd.mapbox-vector-tile",
              headers: {
                "cache-control": urlParams.v ? "private, max-age=86400" : "private, no-cache",
                vary: "authorization",
              },
            }),
          ),
        )
        .handle("get", ({ path }) => fields.get(path.id))
        .handle("put", ({ path, payload }) => fields.put(path.id, payload))
        .handle("owner", ({ path, payload }) => fields.changeOwner(path.id, payload))
        .handle("ownerCandidates", ({ path }) => fields.ownerCandidates(path.id))
        .handle("remove", ({ path }) => fields.remove(path.id))
        .handle("preview", ({ payload }) => fields.preview(payload))
        .handle("import", ({ payload }) => fields.confirm(payload))
    )
  }),
).pipe(Layer.provide(Fields.Default))
