import { Schema } from "effect"
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

/** First code of a failed decode, for forms and handlers. */
export const firstCode = (message: string): MessageCode | null =>
  /^[a-zA-Z]+$/.test(message) ? (message as MessageCode) : null
