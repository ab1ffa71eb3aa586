/**
 * Sign-in with e-mail and password (POST /api/v2/auth/login).
 *
 * Events the view sends:
 * - `signIn.submit` { email, password, rememberMe }: validated here; field errors land in
 *   `context.errors` (message codes per field: 'required', 'invalidEmail').
 * Read: `context.errors`, `context.error` (server message code, shown as an alert), the tag `busy`
 * while submitting. On success the chart is done (`status: "done"`) with `output` = { token,
 * refreshToken }, and fires `handOverTokens` { tokens } (the view provides it: the session takes
 * them, the person goes to `goto` or `/`).
 */
import { Schema } from "effect"
import { assign, setup } from "xstate"
import { LoginPayload, type Tokens } from "../../schema/auth"
import type { MessageCode } from "../../schema/messages"
import { errorsOf, type FieldErrors, isValid } from "../lib/form"
import { assignError, errorParams, unbound } from "../lib/kit"

export type SignInValues = { email: string; password: string; rememberMe: boolean }
export type SignInEvent = { type: "signIn.submit" } & SignInValues

export interface SignInContext {
  readonly values: typeof LoginPayload.Type | null
  readonly errors: FieldErrors<keyof SignInValues>
  readonly error: MessageCode | null
  readonly tokens: Tokens | null
}

export const signInMachine = setup({
  types: { context: {} as SignInContext, events: {} as SignInEvent, output: {} as Tokens },
  actors: {
    login: unbound<Tokens, typeof LoginPayload.Type>(),
  },
  guards: {
    isFormValid: ({ event }) => isValid(LoginPayload, event),
  },
  actions: {
    assignValues: assign({
      values: ({ event }) => Schema.decodeUnknownSync(LoginPayload)(event),
      errors: {},
      error: null,
    }),
    assignFieldErrors: assign({ errors: ({ event }) => errorsOf(LoginPayload, event) }),
    assignError: assignError(),
    assignTokens: assign((_, tokens: Tokens) => ({ tokens })),
    /** Provided by the view: the session takes the tokens and the person goes on. */
    handOverTokens: (_, _tokens: Tokens) => {},
  },
}).createMachine({
  id: "signIn",
  description: "Sign-in with e-mail and password; the server's refusal is shown as an alert.",
  context: { values: null, errors: {}, error: null, tokens: null },
  initial: "editing",
  states: {
    editing: {
      description: "The form is open; errors from the last attempt are shown.",
      on: {
        "signIn.submit": [
          {
            description: "Valid e-mail and password: send them.",
            guard: "isFormValid",
            target: "submitting",
            actions: "assignValues",
          },
          { description: "Invalid fields: show their messages.", actions: "assignFieldErrors" },
        ],
      },
    },
    submitting: {
      description: "Waiting for the server (loading shown).",
      tags: ["busy"],
      invoke: {
        id: "login",
        src: "login",
        input: ({ context }) => context.values as typeof LoginPayload.Type,
        onDone: {
          description: "Tokens received.",
          target: "signedIn",
          actions: [
            { type: "assignTokens", params: ({ event }) => event.output },
            { type: "handOverTokens", params: ({ event }) => event.output },
          ],
        },
        onError: {
          description: "Refused (wrong credentials, throttled, network): loading stops, the message shows.",
          target: "editing",
          actions: { type: "assignError", params: errorParams },
        },
      },
    },
    signedIn: {
      description:
        "Done: the output holds the tokens; loading stays shown while the person is taken to their page.",
      tags: ["busy"],
      type: "final",
    },
  },
  output: ({ context }) => context.tokens as Tokens,
})
