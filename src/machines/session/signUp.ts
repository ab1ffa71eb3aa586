/**
 * Sign-up (legacy POST /api/v1/signup { newUser }).
 *
 * Events the view sends:
 * - `signUp.submit` { email, password, firstname, lastname }: validated here; field errors land in
 *   `context.errors` ('required', 'invalidEmail', 'weakPassword').
 * Read: `context.errors`, `context.error` (server message code, e.g. 'emailTaken', shown as an
 * alert), the tag `busy`. On success the chart is done with `output` = { token, refreshToken },
 * and fires `handOverTokens` { tokens } (the view provides it: the session takes them, the person
 * goes to `goto` or `/`, which the session turns into /me).
 */
import { Schema } from "effect"
import { assign, setup } from "xstate"
import { SignupFields, type Tokens } from "../../schema/auth"
import type { MessageCode } from "../../schema/messages"
import { errorsOf, type FieldErrors, isValid } from "../lib/form"
import { assignError, errorParams, unbound } from "../lib/kit"

export type SignUpValues = { email: string; password: string; firstname: string; lastname: string }
export type SignUpEvent = { type: "signUp.submit" } & SignUpValues

export interface SignUpContext {
  readonly values: typeof SignupFields.Type | null
  readonly errors: FieldErrors<keyof SignUpValues>
  readonly error: MessageCode | null
  readonly tokens: Tokens | null
}

export const signUpMachine = setup({
  types: { context: {} as SignUpContext, events: {} as SignUpEvent, output: {} as Tokens },
  actors: {
    signup: unbound<Tokens, typeof SignupFields.Type>(),
  },
  guards: {
    isFormValid: ({ event }) => isValid(SignupFields, event),
  },
  actions: {
    assignValues: assign({
      values: ({ event }) => Schema.decodeUnknownSync(SignupFields)(event),
      errors: {},
      error: null,
    }),
    assignFieldErrors: assign({ errors: ({ event }) => errorsOf(SignupFields, event) }),
    assignError: assignError(),
    assignTokens: assign((_, tokens: Tokens) => ({ tokens })),
    /** Provided by the view: the session takes the tokens and the person goes on. */
    handOverTokens: (_, _tokens: Tokens) => {},
  },
}).createMachine({
  id: "signUp",
  description: "Account creation; the server's refusal is shown as an alert.",
  context: { values: null, errors: {}, error: null, tokens: null },
  initial: "editing",
  states: {
    editing: {
      description: "The form is open; errors from the last attempt are shown.",
      on: {
        "signUp.submit": [
          {
            description: "Every field valid: create the account.",
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
        id: "signup",
        src: "signup",
        input: ({ context }) => context.values as typeof SignupFields.Type,
        onDone: {
          description: "Account created, tokens received.",
          target: "signedUp",
          actions: [
            { type: "assignTokens", params: ({ event }) => event.output },
            { type: "handOverTokens", params: ({ event }) => event.output },
          ],
        },
        onError: {
          description: "Refused (address taken, throttled, network): loading stops, the message shows.",
          target: "editing",
          actions: { type: "assignError", params: errorParams },
        },
      },
    },
    signedUp: {
      description:
        "Done: the output holds the tokens; loading stays shown while the person is taken to their page.",
      tags: ["busy"],
      type: "final",
    },
  },
  output: ({ context }) => context.tokens as Tokens,
})
