import {
  HttpApiBuilder,
  HttpApiError,
  type HttpApp,
  HttpIncomingMessage,
  HttpMethod,
  HttpServerError,
  HttpServerRequest,
} from "@effect/platform"
import { SqlError } from "@effect/sql/SqlError"
import { Cause, Effect, Option } from "effect"
import { SillonApi } from "../../src/schema/api"
import {
  BadRequest,
  InternalError,
  PayloadTooLarge,
  type UnsupportedMediaType,
} from "../../src/schema/errors"
import { type MessageCode, serverMessages } from "../../src/schema/messages"
import { maxUploadBytes } from "../ingest/service"
import { checkRequest } from "./bodyRules"

export const maxBodyBytes = 64 * 1024
/** Field imports carry a file of up to 15 MB in base64 (a third larger), with room for the rest. */
const importBodyBytes = 21 * 1024 * 1024
const importPaths = /^(?:https?:\/\/[^/]+)?\/api\/v2\/fields\/import(?:\/preview)?(?:[?#]|$)/
/** A field comment carries a recorded sound of up to 10 MB in base64, with its text. */
const commentBodyBytes = 14 * 1024 * 1024
const commentPaths = /^(?:https?:\/\/[^/]+)?\/api\/v2\/fields_comment\/[^/?#]+(?:[?#]|$)/

/** A box's upload: up to 20,000 fixes, gzip or not (server/ingest/service.ts bounds it decompressed). */
const uploadPaths = /^(?:https?:\/\/[^/]+)?\/api\/v2\/boxes\/[^/?#]+\/fixes(?:[?#]|$)/
/**
 * Bodies the ingest reads itself (uploads, gzip included, and OsmAnd's form or JSON body), checking
 * every value it keeps: the generic rules (JSON only, depth, text) would read a large upload twice.
 */
const rawBodyPaths = /^(?:https?:\/\/[^/]+)?\/api\/v2\/(?:boxes\/[^/?#]+\/fixes|osmand)(?:[?#]|$)/

/** The largest body a request to `url` may carry: 64 kB, except the file imports, field comments and uploads. */
export const bodyLimitFor = (url: string) =>
  importPaths.test(url)
    ? importBodyBytes
    : commentPaths.test(url)
      ? commentBodyBytes
      : uploadPaths.test(url)
        ? maxUploadBytes
        : maxBodyBytes

const typedTags = new Set([
  "BadRequest",
  "Unauthorized",
  "Forbidden",
  "NotFound",
  "Conflict",
  "ResourceUnavailable",
  "TooManyRequests",
  "PayloadTooLarge",
  "UnsupportedMediaType",
  "UnprocessableEntity",
  "NotConfigured",
  "InternalError",
])

const isMessageCode = (m: string): m is MessageCode => Object.hasOwn(serverMessages, m)

/**
 * A schema failure whose message is a message code (see src/schema/validation.ts) keeps that code;
 * a missing field is `required`; anything else is `badRequest`.
 */
const fromDecodeError = (error: HttpApiError.HttpApiDecodeError) => {
  const codes = error.issues.map((issue): MessageCode | undefined =>
    isMessageCode(issue.message) ? issue.message : issue._tag === "Missing" ? "required" : undefined,
  )
  return BadRequest.of(codes.find((c) => c !== undefined) ?? "badRequest")
}

const isTooLarge = (error: HttpServerError.RequestError) =>
  /too large|maximum|exceed/i.test(String((error.cause as { message?: unknown } | undefined)?.message ?? ""))

/**
 * SQLSTATEs by which the database refuses a value the caller sent (the schemas should have caught
 * it; this is the safety net for every entity): 22001 text too long, 22007 bad datetime format,
 * 22008 datetime out of range, 22009 time zone displacement out of range (a year past 9999),
 * 22021 bad byte sequence (NUL in text), 22P05 untranslatable character (NUL in jsonb).
 */
const refusedValues = new Set(["22001", "22007", "22008", "22009", "22021", "22P05"])

/** The SQLSTATE of a database refusal of the caller's data found in the cause, if any. */
export const refusedValue = (cause: Cause.Cause<unknown>): string | undefined =>
  [...Cause.failures(cause), ...Cause.defects(cause)]
    .filter((e): e is SqlError => e instanceof SqlError)
    .map((e) => (e.cause as { code?: unknown } | undefined)?.code)
    .find((code): code is string => typeof code === "string" && refusedValues.has(code))

/**
 * Every failure leaves in the contract's shape {_tag, code, message}: typed domain errors as they
 * are, bad input (a value the database refuses included) as BadRequest or PayloadTooLarge,
 * anything else as a generic InternalError whose detail goes only to the server log.
 */
type Shaped = BadRequest | PayloadTooLarge | UnsupportedMediaType | InternalError

const shape = (app: HttpApp.Default): HttpApp.Default<Shaped> =>
  Effect.flatMap(
    HttpServerRequest.HttpServerRequest,
    (request): HttpApp.Default<BadRequest | PayloadTooLarge | UnsupportedMediaType> => {
      const limit = bodyLimitFor(request.url)
      if (Number(request.headers["content-length"] ?? 0) > limit) return Effect.fail(PayloadTooLarge.of())
      const checked = Effect.zipRight(checkRequest(request, !rawBodyPaths.test(request.url)), app)
      // A request without a body (GET…) has nothing to limit: most requests skip this.
      return HttpMethod.hasBody(request.method)
        ? HttpIncomingMessage.withMaxBodySize(checked, Option.some(limit))
        : checked
    },
  ).pipe(
    Effect.catchAllCause((cause): Effect.Effect<never, Shaped> => {
      // Typed domain errors and unmatched routes pass through untouched (the cause keeps its runtime type).
      const passThrough = Effect.failCause(cause as Cause.Cause<never>)
      if (Cause.isInterruptedOnly(cause)) return passThrough
      const failure = Cause.failureOption(cause as Cause.Cause<unknown>)
      if (Option.isSome(failure)) {
        const error = failure.value as { _tag?: string }
        if (error instanceof HttpApiError.HttpApiDecodeError) return Effect.fail(fromDecodeError(error))
        if (HttpServerError.isServerError(error) && error._tag === "RouteNotFound") return passThrough
        if (error._tag && typedTags.has(error._tag)) return passThrough
      }
      // The platform reads bodies with orDie: an unreadable body (malformed JSON, over the size limit) is a defect here.
      const unreadable = [...Cause.failures(cause), ...Cause.defects(cause)].find(
        (e): e is HttpServerError.RequestError =>
          HttpServerError.isServerError(e) && e._tag === "RequestError",
      )
      if (unreadable)
        return Effect.fail(isTooLarge(unreadable) ? PayloadTooLarge.of() : BadRequest.of("badRequest"))
      const refused = refusedValue(cause as Cause.Cause<unknown>)
      if (refused)
        return Effect.logWarning("Value refused by the database", refused).pipe(
          Effect.zipRight(Effect.fail(BadRequest.of("badRequest"))),
        )
      return Effect.logError("Unhandled fault", cause).pipe(Effect.zipRight(Effect.fail(InternalError.of())))
    }),
  )

export const ErrorsMiddlewareLive = HttpApiBuilder.middleware(SillonApi, shape)
