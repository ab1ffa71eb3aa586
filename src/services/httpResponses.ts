import { HttpClientError, HttpClientResponse } from "@effect/platform"
import { Data, Effect } from "effect"

/** SPEC §8: the only 401 messages that mean "refresh and replay". */
export const expiredMessages: ReadonlyArray<string> = ["Token has expired", "jwt expired"]
export const transientStatuses = new Set([502, 503, 504])

export class TransientResponse extends Data.TaggedError("TransientResponse")<{
  readonly response: HttpClientResponse.HttpClientResponse
}> {}

export const isTransient = (error: unknown): boolean =>
  error instanceof TransientResponse ||
  (HttpClientError.isHttpClientError(error) && error._tag === "RequestError" && error.reason === "Transport")

/**
 * Reads an error answer's `code` and `message`. The body can be read only once, so the answer
 * handed on is rebuilt from the text read.
 */
export const readError = (response: HttpClientResponse.HttpClientResponse) =>
  response.text.pipe(
    Effect.orElseSucceed(() => ""),
    Effect.map((text) => {
      const body = (() => {
        try {
          return JSON.parse(text) as { code?: unknown; message?: unknown } | null
        } catch {
          return null
        }
      })()
      const source = new Response(text, { status: response.status, headers: response.headers })
      return {
        code: body?.code,
        message: body?.message,
        response: HttpClientResponse.fromWeb(response.request, source),
      }
    }),
  )

/** Reads a 401's body to tell an expired token from other refusals. */
export const readRefusal = (response: HttpClientResponse.HttpClientResponse) =>
  Effect.map(readError(response), ({ message, response }) => ({
    expired: typeof message === "string" && expiredMessages.includes(message),
    response,
  }))
