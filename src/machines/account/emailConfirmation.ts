/**
 * Proving the address with the code mailed at sign-up (POST me/email/confirm, me/email/askConfirmation).
 * Until it is proven, invitations from structures are neither shown nor answerable.
 *
 * Input: { email } (the address the code went to, shown in the texts).
 * Events the view sends:
 * - `emailConfirmation.submit` { code }: the typed code, or the one of the mailed link
 *   (`/me?confirm=CODE`, sent once when the page opens).
 * - `emailConfirmation.resend`: mail a new code.
 * Read: `context.errors` ({ code }: message code), `context.error` (server message code),
 * `context.resent` (a new code went out), the tag `busy`. Done in `confirmed` (final) with the
 * updated profile: the named action `announceConfirmed` (provided by the view) hands it to the
 * session and says so.
 */
import { Schema } from "effect"
import { assign, setup } from "xstate"
import { ConfirmEmailPayload } from "../../schema/auth"
import type { MessageCode } from "../../schema/messages"
import type { Me } from "../../schema/user"
import { errorsOf, type FieldErrors, isValid } from "../lib/form"
import { assignError, errorParams, unbound } from "../lib/kit"

export type EmailConfirmationEvent =
  | { type: "emailConfirmation.submit"; code: string }
  | { type: "emailConfirmation.resend" }

export interface EmailConfirmationContext {
  readonly email: string
  readonly code: string
  readonly errors: FieldErrors<"code">
  readonly error: MessageCode | null
  readonly resent: boolean
  readonly me: Me | null
}

export const emailConfirmationMachine = setup({
  types: {
    context: {} as EmailConfirmationContext,
    events: {} as EmailConfirmationEvent,
    input: {} as { email: string },
  },
  actors: {
    confirmEmail: unbound<Me, string>(),
    askEmailConfirmation: unbound<void>(),
  },
  guards: {
    isCodeValid: ({ event }) => isValid(ConfirmEmailPayload, event),
  },
  actions: {
    assignCode: assign({
      code: ({ event }) => Schema.decodeUnknownSync(ConfirmEmailPayload)(event).code,
      errors: {},
      error: null,
      resent: false,
    }),
    assignCodeErrors: assign({ errors: ({ event }) => errorsOf(ConfirmEmailPayload, event), resent: false }),
    forgetMessages: assign({ errors: {}, error: null, resent: false }),
    markResent: assign({ resent: true }),
    assignError: assignError(),
    assignMe: assign((_, me: Me) => ({ me })),
    /** Provided by the view: the session takes the confirmed profile, and the person is told. */
    announceConfirmed: (_, _me: Me) => {},
  },
}).createMachine({
  id: "emailConfirmation",
  description: "Proving the e-mail address with the code mailed to it.",
  context: ({ input }) => ({
    email: input.email,
    code: "",
    errors: {},
    error: null,
    resent: false,
    me: null,
  }),
  initial: "waiting",
  states: {
    waiting: {
      description: "The block asks for the code mailed to the address.",
      on: {
        "emailConfirmation.submit": [
          {
            description: "A code was typed (or came with the link): check it.",
            guard: "isCodeValid",
            target: "confirming",
            actions: "assignCode",
          },
          { description: "Empty code: show the message.", actions: "assignCodeErrors" },
        ],
        "emailConfirmation.resend": {
          description: "Mail a new code.",
          target: "resending",
          actions: "forgetMessages",
        },
      },
    },
    confirming: {
      description: "Sending the code.",
      tags: ["busy"],
      invoke: {
        id: "confirmEmail",
        src: "confirmEmail",
        input: ({ context }) => context.code,
        onDone: {
          description: "Address proven: the answer is the updated profile.",
          target: "confirmed",
          actions: { type: "assignMe", params: ({ event }) => event.output },
        },
        onError: {
          description: "Wrong or expired code, too many tries, network: the message shows.",
          target: "waiting",
          actions: { type: "assignError", params: errorParams },
        },
      },
    },
    resending: {
      description: "Asking the server to mail a new code.",
      tags: ["busy"],
      invoke: {
        id: "askEmailConfirmation",
        src: "askEmailConfirmation",
        onDone: { description: "A new code went out.", target: "waiting", actions: "markResent" },
        onError: {
          description: "Asked too often, or the network: the message shows.",
          target: "waiting",
          actions: { type: "assignError", params: errorParams },
        },
      },
    },
    confirmed: {
      description: "Done: the session holds the confirmed profile and the block goes away.",
      type: "final",
      entry: { type: "announceConfirmed", params: ({ context }) => context.me as Me },
    },
  },
  output: ({ context }) => context.me as Me,
})
