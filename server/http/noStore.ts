import { HttpApiBuilder, HttpApp, HttpServerResponse } from "@effect/platform"
import { Effect } from "effect"

/**
 * API answers are personal and change at any time: no cache (browser, proxy) may keep them.
 * A pre-response handler also reaches the error responses encoded after the handlers ran.
 */
export const NoStoreLive = HttpApiBuilder.middleware((app) =>
  Effect.zipRight(
    HttpApp.appendPreResponseHandler((request, response) =>
      Effect.succeed(
        // url is a path on Node and a whole URL in the in-process web handler.
        new URL(request.url, "http://local").pathname.startsWith("/api/") &&
          !response.headers["cache-control"]
          ? HttpServerResponse.setHeader(response, "cache-control", "no-store")
          : response,
      ),
    ),
    app,
  ),
)
