// Size: one chart of 6 states and 9 described transitions: one configuration, kept whole.
/**
 * Account finalisation (SPEC §4 account creation): an invited unknown e-mail got an
 * `unconfigured` account and a single-use link /signup?invitation=<token>; opening it shows the
 * e-mail (GET /auth/finalise), the person gives first name, last name and password (POST
 * /auth/finalise) and the account is `finalised`, signed in, its invitation accepted.
 *
 * Input: { token } (from the link).
 * Events the view sends:
 * - `account.finalise` { firstname, lastname, password }: validated here; field errors land in
 *   `context.errors` ('required', 'weakPassword').
 * - `account.retry`: load the link again after the server could not be reached.
 * Read: `unconfigured` (the form, `context.info` holds the e-mail and the structure), `invalidLink`
 * (unknown, used or expired link: offer /signin), `unreachable`, `context.error`, the tag `busy`.
 * On success the chart is done with `output` = { token, refreshToken }, firing `handOverTokens`
 * { tokens } (the view provides it: the session takes them).
 */
import { Schema } from "effect"
import { assign, setup } from "xstate"
import { FinalisePayload, type Tokens } from "../../schema/auth"
import type { FinaliseInfo } from "../../schema/membership"
import type { MessageCode } from "../../schema/messages"
import { errorCode, errorsOf, type FieldErrors, isValid } from "../lib/form"
import { assignError, errorParams, unbound } from "../lib/kit"

export type AccountValues = { firstname: string; lastname: string; password: string }
export type AccountEvent = ({ type: "account.finalise" } & AccountValues) | { type: "account.retry" }

export interface AccountContext {
  readonly token: string
  readonly info: FinaliseInfo | null
  readonly values: typeof FinalisePayload.Type | null
  readonly errors: FieldErrors<keyof AccountValues>
  readonly error: MessageCode | null
  readonly tokens: Tokens | null
}

/** The full request: the link's token with the typed fields. */
const withToken = ({ context, event }: { context: AccountContext; event: AccountEvent }) => ({
  ...event,
  token: context.token,
})

export const accountMachine = setup({
  types: {
    context: {} as AccountContext,
    events: {} as AccountEvent,
    input: {} as { token: string },
    output: {} as Tokens,
  },
  actors: {
    finaliseInfo: unbound<FinaliseInfo, string>(),
    finalise: unbound<Tokens, typeof FinalisePayload.Type>(),
  },
  guards: {
    isFormValid: (args) => isValid(FinalisePayload, withToken(args)),
    isLinkInvalid: (_, error: unknown) => errorCode(error) === "invalidFinaliseLink",
  },
  actions: {
    assignInfo: assign((_, info: FinaliseInfo) => ({ info, error: null })),
    assignValues: assign({
      values: (args) => Schema.decodeUnknownSync(FinalisePayload)(withToken(args)),
      errors: {},
      error: null,
    }),
    assignFieldErrors: assign({
      errors: (args) => {
        const { token: _, ...fields } = errorsOf(FinalisePayload, withToken(args))
        return fields
      },
    }),
    assignError: assignError(),
    assignTokens: assign((_, tokens: Tokens) => ({ tokens, values: null })),
    /** Provided by the view: the session takes the tokens and the person goes on. */
    handOverTokens: (_, _tokens: Tokens) => {},
  },
}).createMachine({
  id: "account",
  description: "An unconfigured account, created by an invitation, finalised from its e-mailed link.",
  context: ({ input }) => ({
    token: input.token,
    info: null,
    values: null,
    errors: {},
    error: null,
    tokens: null,
  }),
  initial: "opening",
  states: {
    opening: {
      description: "Reading the link: which e-mail, which structure invited it.",
      tags: ["busy"],
      invoke: {
        id: "finaliseInfo",
        src: "finaliseInfo",
        input: ({ context }) => context.token,
        onDone: {
          description: "A valid link: the account is still unconfigured.",
          target: "unconfigured",
          actions: { type: "assignInfo", params: ({ event }) => event.output },
        },
        onError: [
          {
            description: "Unknown, used or expired link, or an account already finalised.",
            guard: { type: "isLinkInvalid", params: errorParams },
            target: "invalidLink",
            actions: { type: "assignError", params: errorParams },
          },
          {
            description: "The server could not be reached.",
            target: "unreachable",
            actions: { type: "assignError", params: errorParams },
          },
        ],
      },
    },
    unreachable: {
      description: "The link could not be read: try again.",
      on: { "account.retry": { description: "Read the link again.", target: "opening" } },
    },
    unconfigured: {
      description: "The form: the e-mail is fixed, first name, last name and password to give.",
      on: {
        "account.finalise": [
          {
            description: "Every field valid: finalise the account.",
            guard: "isFormValid",
            target: "finalising",
            actions: "assignValues",
          },
          { description: "Invalid fields: show their messages.", actions: "assignFieldErrors" },
        ],
      },
    },
    finalising: {
      description: "Setting the names and password; the invitation is accepted with it.",
      tags: ["busy"],
      invoke: {
        id: "finalise",
        src: "finalise",
        input: ({ context }) => context.values as typeof FinalisePayload.Type,
        onDone: {
          description: "Finalised and signed in.",
          target: "finalised",
          actions: [
            { type: "assignTokens", params: ({ event }) => event.output },
            { type: "handOverTokens", params: ({ event }) => event.output },
          ],
        },
        onError: [
          {
            description: "The link was used or expired meanwhile.",
            guard: { type: "isLinkInvalid", params: errorParams },
            target: "invalidLink",
            actions: { type: "assignError", params: errorParams },
          },
          {
            description: "Refused (throttled) or unreachable: the form stays, the message shows.",
            target: "unconfigured",
            actions: { type: "assignError", params: errorParams },
          },
        ],
      },
    },
    finalised: { description: "Done: the output holds the tokens.", type: "final" },
    invalidLink: {
      description:
        "'Ce lien de création de compte est invalide ou a expiré': offer the sign-in page (no way on).",
    },
  },
  output: ({ context }) => context.tokens as Tokens,
})
