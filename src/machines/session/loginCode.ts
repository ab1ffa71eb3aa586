// Size: one chart of 5 states and 11 described transitions: one configuration, kept whole.
/**
 * Sign-in with a login code received by e-mail (POST auth/askLoginCode, then POST auth/loginCode).
 *
 * Events the view sends:
 * - `loginCode.request` { email }: ask for a code (from `askingEmail`).
 * - `loginCode.submit` { code }: sign in with a code (from `askingEmail` too, for a code already
 *   received, or from `enteringCode`).
 * - `loginCode.restart`: back to the e-mail step (ask again).
 * Read: `context.errors` ({ email } or { code }: message codes), `context.error` (server message
 * code), `context.email`, the tag `busy`. Done with `output` = { token, refreshToken }, firing
 * `handOverTokens` { tokens } (the view provides it: the session takes them).
 */
import { Schema } from "effect"
import { assign, setup } from "xstate"
import { AskLoginCodePayload, LoginCodePayload, type Tokens } from "../../schema/auth"
import type { MessageCode } from "../../schema/messages"
import { errorsOf, type FieldErrors, isValid } from "../lib/form"
import { assignError, errorParams, unbound } from "../lib/kit"

export type LoginCodeEvent =
  | { type: "loginCode.request"; email: string }
  | { type: "loginCode.submit"; code: string }
  | { type: "loginCode.restart" }

export interface LoginCodeContext {
  readonly email: string
  readonly code: string
  readonly errors: FieldErrors<"email" | "code">
  readonly error: MessageCode | null
  readonly tokens: Tokens | null
}

export const loginCodeMachine = setup({
  types: { context: {} as LoginCodeContext, events: {} as LoginCodeEvent, output: {} as Tokens },
  actors: {
    askLoginCode: unbound<void, string>(),
    loginWithCode: unbound<Tokens, string>(),
  },
  guards: {
    isEmailValid: ({ event }) => isValid(AskLoginCodePayload, event),
    isCodeValid: ({ event }) => isValid(LoginCodePayload, event),
  },
  actions: {
    assignEmail: assign({
      email: ({ event }) => Schema.decodeUnknownSync(AskLoginCodePayload)(event).email,
      errors: {},
      error: null,
    }),
    assignCode: assign({
      code: ({ event }) => Schema.decodeUnknownSync(LoginCodePayload)(event).code,
      errors: {},
      error: null,
    }),
    assignEmailErrors: assign({ errors: ({ event }) => errorsOf(AskLoginCodePayload, event) }),
    assignCodeErrors: assign({ errors: ({ event }) => errorsOf(LoginCodePayload, event) }),
    assignError: assignError(),
    assignTokens: assign((_, tokens: Tokens) => ({ tokens })),
    /** Provided by the view: the session takes the tokens and the person goes on. */
    handOverTokens: (_, _tokens: Tokens) => {},
    forgetError: assign({ errors: {}, error: null }),
  },
}).createMachine({
  id: "loginCode",
  description: "Sign-in with a single-use code sent by e-mail.",
  context: { email: "", code: "", errors: {}, error: null, tokens: null },
  initial: "askingEmail",
  states: {
    askingEmail: {
      description: "Asking for the e-mail address the code is sent to.",
      on: {
        "loginCode.request": [
          {
            description: "Valid address: ask for a code.",
            guard: "isEmailValid",
            target: "sendingCode",
            actions: "assignEmail",
          },
          { description: "Invalid address: show the message.", actions: "assignEmailErrors" },
        ],
        "loginCode.submit": [
          {
            description: "A code already received: use it.",
            guard: "isCodeValid",
            target: "verifying",
            actions: "assignCode",
          },
          { description: "Empty code: show the message.", actions: "assignCodeErrors" },
        ],
      },
    },
    sendingCode: {
      description: "Asking the server to e-mail a code.",
      tags: ["busy"],
      invoke: {
        id: "askLoginCode",
        src: "askLoginCode",
        input: ({ context }) => context.email,
        onDone: {
          description: "Code sent (same answer whether the address exists or not).",
          target: "enteringCode",
        },
        onError: {
          description: "Refused (throttled, network): the message shows.",
          target: "askingEmail",
          actions: { type: "assignError", params: errorParams },
        },
      },
    },
    enteringCode: {
      description: "Waiting for the person to type the code from the e-mail.",
      on: {
        "loginCode.submit": [
          {
            description: "A code was typed: check it.",
            guard: "isCodeValid",
            target: "verifying",
            actions: "assignCode",
          },
          { description: "Empty code: show the message.", actions: "assignCodeErrors" },
        ],
        "loginCode.restart": {
          description: "Ask for another code.",
          target: "askingEmail",
          actions: "forgetError",
        },
      },
    },
    verifying: {
      description: "Exchanging the code for tokens.",
      tags: ["busy"],
      invoke: {
        id: "loginWithCode",
        src: "loginWithCode",
        input: ({ context }) => context.code,
        onDone: {
          description: "Code accepted.",
          target: "signedIn",
          actions: [
            { type: "assignTokens", params: ({ event }) => event.output },
            { type: "handOverTokens", params: ({ event }) => event.output },
          ],
        },
        onError: {
          description: "Code refused (wrong, used, expired, throttled): the message shows.",
          target: "enteringCode",
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
