import { HttpApiBuilder, HttpServerRequest, HttpServerResponse } from "@effect/platform"
import { Effect, Layer } from "effect"
import { SillonApi } from "../../src/schema/api"
import { BadRequest } from "../../src/schema/errors"
import { Geoloc } from "../telemetry/live"

/** "Trouver mes machines" and the live positions (docs/geoloc.md); the rules live in server/telemetry/live*.ts. */
export const GeolocHttpLive = HttpApiBuilder.group(SillonApi, "geoloc", (handlers) =>
  Effect.gen(function* () {
    const geoloc = yield* Geoloc
    return handlers
      .handle("last", () => geoloc.last())
      .handle("live", ({ urlParams }) =>
        Effect.gen(function* () {
          const request = yield* HttpServerRequest.HttpServerRequest
          // Only a client that asks for an event stream gets one: any other would wait on an
          // answer that does not end until the token expires.
          if (!(request.headers.accept ?? "").includes("text/event-stream"))
            return yield* Effect.fail(BadRequest.of("badRequest"))
          const events = yield* geoloc.live(request.headers.authorization, urlParams.seconds)
          return HttpServerResponse.stream(events, {
            contentType: "text/event-stream",
            // Proxies (nginx) pass each event on at once rather than buffering the response.
            headers: { "cache-control": "no-store", "x-accel-buffering": "no" },
          })
        }),
      )
  }),
).pipe(Layer.provide(Geoloc.Default))
