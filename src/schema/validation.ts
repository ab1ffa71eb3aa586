import { DateTime, Schema } from "effect"
import type { MessageCode } from "./messages"

/**
 * Validation rules shared by forms and handlers. Each failure message is a MessageCode, so the
 * client translates it and the server sends the matching French text.
 */
const code = (c: MessageCode) => ({ message: () => c })

/** A required text: trimmed, at least one character. */
export const Required = Schema.Trim.pipe(Schema.minLength(1, code("required")), Schema.maxLength(200))

/** Trimmed and lower-cased on decode, so one person has one address whatever they type. */
export const Email = Schema.Trim.pipe(
  Schema.compose(Schema.Lowercase),
  Schema.minLength(1, code("required")),
  Schema.maxLength(254),
  Schema.pattern(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, code("invalidEmail")),
).annotations({ identifier: "Email" })

export const Password = Schema.String.pipe(
  Schema.minLength(1, code("required")),
  Schema.minLength(8, code("weakPassword")),
  Schema.maxLength(256),
)

/** Any non-empty password, for sign-in (the strength rule applies when it is chosen). */
export const PasswordInput = Schema.String.pipe(Schema.minLength(1, code("required")), Schema.maxLength(256))

export const Optional = Schema.optionalWith(Schema.NullOr(Schema.String.pipe(Schema.maxLength(200))), {
  default: () => null,
})

/** Half of a surrogate pair alone (no character at all once stored). */
const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

/**
 * Refuses a text holding a character the database cannot store, NUL or a lone surrogate
 * ('Ce texte contient un caractère non autorisé').
 */
export const allowedText = <A extends string, I, R>(self: Schema.Schema<A, I, R>) =>
  self.pipe(Schema.filter((text) => (!text.includes("\u0000") && !loneSurrogate.test(text)) || "invalidText"))

export const earliestDate = DateTime.unsafeMake("2000-01-01T00:00:00Z")
export const latestDate = DateTime.unsafeMake("2150-01-01T00:00:00Z")

/**
 * An instant from 2000-01-01 to 2150-01-01 included; outside, 'Valeur hors des limites
 * autorisées' (the database would refuse some, and none is a date anyone means). `invalid` is
 * the code of a text that is no date at all.
 */
export const BoundedDateTime = (invalid: MessageCode) =>
  Schema.DateTimeUtc.annotations(code(invalid)).pipe(
    Schema.filter(
      (d) =>
        (DateTime.greaterThanOrEqualTo(d, earliestDate) && DateTime.lessThanOrEqualTo(d, latestDate)) ||
        "outOfRange",
    ),
  )

/** First code of a failed decode, for forms and handlers. */
export const firstCode = (message: string): MessageCode | null =>
  /^[a-zA-Z]+$/.test(message) ? (message as MessageCode) : null

/** A query parameter that may be repeated (SPEC §7): one value or several, always a list once decoded. */
export const Repeated = <A, I extends string>(item: Schema.Schema<A, I>) =>
  Schema.transform(Schema.Union(item, Schema.Array(item)), Schema.Array(Schema.typeSchema(item)), {
    strict: true,
    decode: (v) => (Array.isArray(v) ? v : [v as A]),
    encode: (v) => v,
  })
