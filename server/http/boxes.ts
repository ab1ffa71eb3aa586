import { HttpApiBuilder, HttpServerRequest } from "@effect/platform"
import { Effect, Layer } from "effect"
import { SillonApi } from "../../src/schema/api"
import { BoxAuthentication, CurrentBox } from "../../src/schema/api.boxes"
import { Ingest, type RawUpload } from "../ingest/service"

const rawUpload = (request: HttpServerRequest.HttpServerRequest): RawUpload => ({
  headers: request.headers,
  // The body limit is the errors middleware's (bodyLimitFor): past it, 413 before anything is read.
  body: Effect.map(Effect.orDie(request.arrayBuffer), (buffer) => new Uint8Array(buffer)),
})

/** `Authorization: Bearer <box secret>`: the box it designates, or 401. */
export const BoxAuthenticationLive = Layer.effect(
  BoxAuthentication,
  Effect.map(Ingest, (ingest) => ({
    box: (secret) =>
      Effect.map(ingest.authenticate(secret), (box) => ({
        id: box.id,
        sourceId: box.source_id,
        sinceMs: box.since_ms,
        secretHash: box.secretHash,
      })),
  })),
).pipe(Layer.provide(Ingest.Default))

const boxRow = (box: CurrentBox["Type"]) => ({
  id: box.id,
  source_id: box.sourceId,
  since_ms: box.sinceMs,
  secretHash: box.secretHash,
})

/** What boxes send; the rules live in server/ingest/. */
export const BoxesHttpLive = HttpApiBuilder.group(SillonApi, "boxes", (handlers) =>
  Effect.gen(function* () {
    const ingest = yield* Ingest
    return handlers
      .handle("fixes", ({ path }) =>
        Effect.gen(function* () {
          const box = yield* CurrentBox
          const request = yield* HttpServerRequest.HttpServerRequest
          return yield* ingest.upload(path.id, boxRow(box), rawUpload(request))
        }),
      )
      .handle("live", ({ path, payload }) =>
        Effect.flatMap(CurrentBox, (box) => ingest.live(path.id, boxRow(box), payload)),
      )
  }),
).pipe(Layer.provide(Ingest.Default))

/** Phones speaking OsmAnd (Traccar Client): the device id is the box's secret. */
export const OsmandHttpLive = HttpApiBuilder.group(SillonApi, "osmand", (handlers) =>
  Effect.gen(function* () {
    const ingest = yield* Ingest
    const report = Effect.gen(function* () {
      const request = yield* HttpServerRequest.HttpServerRequest
      return yield* ingest.osmand(yield* ingest.osmandReport(request.url, rawUpload(request)))
    })
    return handlers.handle("query", () => report).handle("post", () => report)
  }),
).pipe(Layer.provide(Ingest.Default))
