import { HttpApiBuilder, HttpApp, HttpServerResponse } from "@effect/platform"
import { Effect } from "effect"

// url is a path on Node and a whole URL in the in-process web handler. A plain path (letters,
// digits and the few signs URL parsing leaves as they are; no "//" start, no dot or escape it
// would resolve) is read as it is: most requests.
const plainPath = /^\/(?!\/)[\w\-~!$&'()*+,;=:@/]*(?:[?#]|$)/
const isApi = (url: string) =>
  plainPath.test(url) ? url.startsWith("/api/") : new URL(url, "http://local").pathname.startsWith("/api/")

const noStore = HttpApp.appendPreResponseHandler((request, response) =>
  Effect.succeed(
    isApi(request.url) && !response.headers["cache-control"]
      ? HttpServerResponse.setHeader(response, "cache-control", "no-store")
      : response,
  ),
)

/**
 * API answers are personal and change at any time: no cache (browser, proxy) may keep them.
 * A pre-response handler also reaches the error responses encoded after the handlers ran.
 */
export const NoStoreLive = HttpApiBuilder.middleware((app) => Effect.zipRight(noStore, app))
