import { HttpClientRequest, type HttpClientResponse } from "@effect/platform"
import { Effect } from "effect"
import { readError, TransientResponse } from "./httpResponses"

export const idempotencyKeyHeader = "idempotency-key"
const writeMethods = new Set(["POST", "PUT", "PATCH", "DELETE"])

/** A random UUID; `crypto.randomUUID` exists only in secure contexts (not on a plain-http LAN address). */
export const newIdempotencyKey = (): string => {
  if (typeof globalThis.crypto?.randomUUID === "function") return globalThis.crypto.randomUUID()
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(16))
  bytes[6] = (bytes[6] & 0x0f) | 0x40
  bytes[8] = (bytes[8] & 0x3f) | 0x80
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("")
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

/**
 * Every write names itself once per logical call (docs/api.md, "Safe retries"): the same key
 * goes with the retries of a transient failure and with the replay after a token refresh, so the
 * server answers them from the first run instead of running it twice. A key the caller set is kept.
 */
export const withIdempotencyKey = (request: HttpClientRequest.HttpClientRequest) =>
  writeMethods.has(request.method) && request.headers[idempotencyKeyHeader] === undefined
    ? HttpClientRequest.setHeader(request, idempotencyKeyHeader, newIdempotencyKey())
    : request

/** A 409 to a named write whose first try is still running: worth another try, with the same key. */
export const retryIfInProgress = (response: HttpClientResponse.HttpClientResponse) =>
  response.status !== 409 || response.request.headers[idempotencyKeyHeader] === undefined
    ? Effect.succeed(response)
    : Effect.flatMap(readError(response), ({ code, response }) =>
        code === "requestInProgress"
          ? Effect.fail(new TransientResponse({ response }))
          : Effect.succeed(response),
      )
