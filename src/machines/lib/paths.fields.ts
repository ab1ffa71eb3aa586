import { isDeepStrictEqual } from "node:util"
import type { AnyEventObject } from "xstate"
import { check, codeOf, context, errorOf, lastOf, type Seen } from "./paths"

/** Field name → the message code its typed value gets (null: fine). */
export type Problems = (event: AnyEventObject) => Record<string, string | null>

/** Exactly the field errors the step's values break (SPEC §5), as message codes. */
export const fieldErrors = (expected: Problems) =>
  check("shows one message code for each invalid field, and only those", (s) => {
    const wanted = Object.entries(s.event === null ? {} : expected(s.event)).filter(
      ([, code]) => code !== null,
    )
    return isDeepStrictEqual(context(s).errors, Object.fromEntries(wanted))
  })
/** SPEC §5, said without the contract's schemas: which code a typed value gets. */
export const problem = {
  required: (text: unknown) => (String(text ?? "").trim() === "" ? "required" : null),
  email: (text: unknown) =>
    problem.required(text) ??
    (/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(String(text).trim()) ? null : "invalidEmail"),
  password: (text: unknown) => (String(text ?? "") === "" ? "required" : null),
  newPassword: (text: unknown) =>
    String(text ?? "") === "" ? "required" : String(text).length < 8 ? "weakPassword" : null,
  /** An optional decimal with a point ("3,5" is decimalComma); `signed`: a leading minus allowed. */
  decimal: (text: string, signed = false): string | null => {
    const t = text.trim()
    if (t === "") return null
    const unsigned = signed && t.startsWith("-") ? t.slice(1) : t
    if (/^\d+,\d+$/.test(unsigned)) return "decimalComma"
    return /^\d+(\.\d+)?$/.test(unsigned) ? null : "invalidNumber"
  },
}
export const isFine = (codes: Record<string, string | null>) => Object.values(codes).every((c) => c === null)
export const noErrors = check("shows no field or server error", (s) => {
  const { errors, error } = context(s)
  return isDeepStrictEqual(errors, {}) && error === null
})
/** After a refused call: the refusal's message code is shown. */
export const showsRefusalOf = (actor: string) =>
  check(`shows the message code ${actor} was refused with`, (s) => {
    const refusal = lastOf(s, errorOf(actor))
    return refusal !== undefined && context(s).error === codeOf(refusal.error)
  })

export const valid = (problems: Problems) =>
  ["valid fields", (e: AnyEventObject) => isFine(problems(e))] as const
export const invalid = (problems: Problems) =>
  ["invalid fields", (e: AnyEventObject) => !isFine(problems(e))] as const
/** The e-mail address last typed in events of this type, as the server gets it (trimmed, lower-cased). */
export const typedEmail = (s: Seen, type: string) =>
  String(lastOf(s, type)?.email ?? "")
    .trim()
    .toLowerCase()
