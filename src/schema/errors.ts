import { HttpApiSchema } from "@effect/platform"
import { Schema } from "effect"
import { type MessageCode, serverMessages } from "./messages"

const codeFields = { code: Schema.String, message: Schema.String }
const body = (code: MessageCode) => ({ code, message: serverMessages[code] })

/** 400: the request was understood but its content breaks a rule (the code names which). */
export class BadRequest extends Schema.TaggedError<BadRequest>()(
  "BadRequest",
  codeFields,
  HttpApiSchema.annotations({ status: 400 }),
) {
  static of = (code: MessageCode) => new BadRequest(body(code))
}

/** 401: no valid credentials. `message` is 'Token has expired' when only the access token aged. */
export class Unauthorized extends Schema.TaggedError<Unauthorized>()(
  "Unauthorized",
  codeFields,
  HttpApiSchema.annotations({ status: 401 }),
) {
  static of = (code: MessageCode) => new Unauthorized(body(code))
}

export class Forbidden extends Schema.TaggedError<Forbidden>()(
  "Forbidden",
  codeFields,
  HttpApiSchema.annotations({ status: 403 }),
) {
  static of = (code: MessageCode = "forbidden") => new Forbidden(body(code))
}

export class NotFound extends Schema.TaggedError<NotFound>()(
  "NotFound",
  codeFields,
  HttpApiSchema.annotations({ status: 404 }),
) {
  static of = () => new NotFound(body("notFound"))
}

export class Conflict extends Schema.TaggedError<Conflict>()(
  "Conflict",
  codeFields,
  HttpApiSchema.annotations({ status: 409 }),
) {
  static of = (code: MessageCode) => new Conflict(body(code))
}

/**
 * 409 on a booking (SPEC §8): 'The resource … is no longer available', naming each resource that
 * another booking holds for an overlapping period (names joined with ", "). With several names the
 * code is `resourcesUnavailable` ('The resources … are no longer available').
 */
export class ResourceUnavailable extends Schema.TaggedError<ResourceUnavailable>()(
  "ResourceUnavailable",
  {
    ...codeFields,
    resources: Schema.Array(
      Schema.Struct({ kind: Schema.Literal("machine", "employee"), id: Schema.UUID, name: Schema.String }),
    ),
  },
  HttpApiSchema.annotations({ status: 409 }),
) {
  static of = (resources: ReadonlyArray<{ kind: "machine" | "employee"; id: string; name: string }>) => {
    const code: MessageCode = resources.length > 1 ? "resourcesUnavailable" : "resourceUnavailable"
    return new ResourceUnavailable({
      code,
      message: serverMessages[code].replace("{name}", resources.map((r) => r.name).join(", ")),
      resources,
    })
  }
}

export class TooManyRequests extends Schema.TaggedError<TooManyRequests>()(
  "TooManyRequests",
  { ...codeFields, retryAfterSeconds: Schema.Number },
  HttpApiSchema.annotations({ status: 429 }),
) {
  static of = (retryAfterSeconds: number) =>
    new TooManyRequests({ ...body("tooManyAttempts"), retryAfterSeconds })
}

/**
 * 422: an `Idempotency-Key` already named another request (another method, path or body) of the
 * same caller (code `idempotencyKeyReused`). A retry of a request still running is a 409 Conflict
 * with code `requestInProgress`. Both come from server/http/idempotency.ts, before any handler.
 */
export class UnprocessableEntity extends Schema.TaggedError<UnprocessableEntity>()(
  "UnprocessableEntity",
  codeFields,
  HttpApiSchema.annotations({ status: 422 }),
) {
  static of = (code: MessageCode = "idempotencyKeyReused") => new UnprocessableEntity(body(code))
}

/** 413: the request body is larger than the server accepts. */
export class PayloadTooLarge extends Schema.TaggedError<PayloadTooLarge>()(
  "PayloadTooLarge",
  codeFields,
  HttpApiSchema.annotations({ status: 413 }),
) {
  static of = (code: MessageCode = "payloadTooLarge") => new PayloadTooLarge(body(code))
}

/** 415: the body is not JSON (every endpoint of the contract takes JSON). */
export class UnsupportedMediaType extends Schema.TaggedError<UnsupportedMediaType>()(
  "UnsupportedMediaType",
  codeFields,
  HttpApiSchema.annotations({ status: 415 }),
) {
  static of = (code: MessageCode = "unsupportedMediaType") => new UnsupportedMediaType(body(code))
}

/**
 * 501: a feature that needs an outside provider the server is not configured for; `missing` names
 * the environment variables to set (the vegetation index: `vegetationNotConfigured`). Not 503,
 * which clients retry as a passing outage: this lasts until the server is configured.
 */
export class NotConfigured extends Schema.TaggedError<NotConfigured>()(
  "NotConfigured",
  { ...codeFields, missing: Schema.Array(Schema.String) },
  HttpApiSchema.annotations({ status: 501 }),
) {
  static of = (code: MessageCode, missing: ReadonlyArray<string>) =>
    new NotConfigured({ ...body(code), missing })
}

/** Infrastructure fault: generic body, details only in the server log. */
export class InternalError extends Schema.TaggedError<InternalError>()(
  "InternalError",
  codeFields,
  HttpApiSchema.annotations({ status: 500 }),
) {
  static of = () => new InternalError(body("generic"))
}

export type ApiError =
  | BadRequest
  | Unauthorized
  | Forbidden
  | NotFound
  | Conflict
  | ResourceUnavailable
  | TooManyRequests
  | PayloadTooLarge
  | UnsupportedMediaType
  | UnprocessableEntity
  | NotConfigured
  | InternalError
