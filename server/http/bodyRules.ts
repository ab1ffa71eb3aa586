import { HttpMethod, type HttpServerRequest } from "@effect/platform"
import { Effect } from "effect"
import { BadRequest, UnsupportedMediaType } from "../../src/schema/errors"

/**
 * Rules every request meets before the contract decodes it, so no endpoint, present or to come,
 * can be made to fail by its shape: JSON only (415 otherwise), nested at most `maxDepth` deep (a
 * deeper body overflows the decoder's stack while it describes the error), and no NUL or lone
 * surrogate in any text — body strings and keys, path and query — which PostgreSQL refuses or
 * silently stores as U+FFFD. One text rule for every field of every entity.
 */
export const maxDepth = 64

const isJson = (contentType: string) => {
  const media = contentType.split(";")[0].trim().toLowerCase()
  return media === "application/json" || (media.startsWith("application/") && media.endsWith("+json"))
}

/** The deepest nesting of arrays and objects in a JSON text, counted outside strings; stops past `limit`. */
export const jsonDepth = (text: string, limit = maxDepth): number => {
  let depth = 0
  let deepest = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (inString) {
      if (c === 92)
        i++ // backslash: the next character is escaped
      else if (c === 34) inString = false
    } else if (c === 34) inString = true
    else if (c === 123 || c === 91) {
      depth++
      if (depth > deepest) deepest = depth
      if (deepest > limit) return deepest
    } else if (c === 125 || c === 93) depth--
  }
  return deepest
}

/** NUL, or a UTF-16 surrogate without its pair. */
const loneSurrogate = /[\uD800-\uDFFF]/u
export const isBadText = (value: string): boolean => value.includes("\u0000") || loneSurrogate.test(value)

const hasBadText = (value: unknown): boolean => {
  if (typeof value === "string") return isBadText(value)
  if (Array.isArray(value)) return value.some(hasBadText)
  if (value !== null && typeof value === "object")
    return Object.entries(value).some(([key, inner]) => isBadText(key) || hasBadText(inner))
  return false
}

const parseOrUndefined = (text: string): unknown => {
  try {
    return JSON.parse(text)
  } catch {
    return undefined // malformed JSON is the decoder's to refuse (400)
  }
}

const decodedUrl = (url: string): string => {
  try {
    return decodeURIComponent(url)
  } catch {
    return url
  }
}

const checkBody = (
  request: HttpServerRequest.HttpServerRequest,
): Effect.Effect<void, BadRequest | UnsupportedMediaType> =>
  Effect.gen(function* () {
    const contentType = request.headers["content-type"]
    // No content type is read as JSON, as the contract's decoder does.
    if (contentType !== undefined && !isJson(contentType))
      return yield* Effect.fail(UnsupportedMediaType.of())
    const text = yield* Effect.orElseSucceed(request.text, () => "")
    if (text === "") return
    if (jsonDepth(text) > maxDepth) return yield* Effect.fail(BadRequest.of("badRequest"))
    if (hasBadText(parseOrUndefined(text))) return yield* Effect.fail(BadRequest.of("invalidText"))
  })

/** The rules; `body` false leaves the body to a handler that reads it itself (the ingest's uploads). */
export const checkRequest = (
  request: HttpServerRequest.HttpServerRequest,
  body = true,
): Effect.Effect<void, BadRequest | UnsupportedMediaType> => {
  if (isBadText(decodedUrl(request.url))) return Effect.fail(BadRequest.of("invalidText"))
  return body && HttpMethod.hasBody(request.method) ? checkBody(request) : Effect.void
}
