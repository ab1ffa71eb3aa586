import { Either, ParseResult, Schema } from "effect"
import { type MessageCode, serverMessages } from "../../schema/messages"
import { firstCode } from "../../schema/validation"

/** Field name → message code of its first failure (translated by the view). */
export type FieldErrors<K extends string = string> = Partial<Record<K, MessageCode>>

const codeOf = (message: string): MessageCode => {
  const code = firstCode(message)
  // A missing key fails with Effect's own text ("is missing"), which means "required" to a person.
  return code !== null && code in serverMessages ? code : message === "is missing" ? "required" : "badRequest"
}

/** Validates form values with a contract schema; failures become one message code per field. */
export const validate = <A, I>(
  schema: Schema.Schema<A, I>,
  values: unknown,
): { readonly ok: true; readonly value: A } | { readonly ok: false; readonly errors: FieldErrors } =>
  Either.match(Schema.decodeUnknownEither(schema, { errors: "all" })(values), {
    onRight: (value) => ({ ok: true as const, value }),
    onLeft: (error) => {
      const errors: Record<string, MessageCode> = {}
      for (const issue of ParseResult.ArrayFormatter.formatErrorSync(error)) {
        const field = issue.path.map(String).join(".") || "form"
        errors[field] ??= codeOf(issue.message)
      }
      // A nullable group ({ unit, rate } | null) that fails inside also fails as a whole ("not
      // null"): the field inside says what is wrong, the group's own message adds nothing.
      for (const field of Object.keys(errors))
        if (Object.keys(errors).some((other) => other.startsWith(`${field}.`))) delete errors[field]
      return { ok: false as const, errors }
    },
  })

export const isValid = <A, I>(schema: Schema.Schema<A, I>, values: unknown): boolean =>
  validate(schema, values).ok

export const errorsOf = <A, I>(schema: Schema.Schema<A, I>, values: unknown): FieldErrors => {
  const result = validate(schema, values)
  return result.ok ? {} : result.errors
}

// Kept apart from the validation above, which needs Effect: the session chart, loaded before the
// ApiClient, reads a failed call's code and tag without loading it.
export { errorCode, errorTag } from "./errors"
