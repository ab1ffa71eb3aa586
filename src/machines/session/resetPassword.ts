// Size: one chart of 7 states and 11 described transitions: one configuration, kept whole.
/**
 * Password reset: ask for a link by e-mail, then choose a new password from that link.
 *
 * Events the view sends:
 * - `resetPassword.request` { email }: e-mail a reset link (from `askingEmail`).
 * - `resetPassword.linkOpened` { email, token }: opened from the e-mailed link (send it at once).
 * - `resetPassword.submit` { password }: the new password (from `choosingPassword`).
 * - `resetPassword.restart`: back to the e-mail step (from `sent` or `failed`).
 * Read: `sent` (link e-mailed), `done` (password changed: offer /signin), `failed` (heading
 * 'Erreur', `context.error` holds the message code), `context.errors`, the tag `busy`.
 */
import { Schema } from "effect"
import { assign, setup } from "xstate"
import { AskResetPasswordPayload, ResetPasswordPayload } from "../../schema/auth"
import type { MessageCode } from "../../schema/messages"
import { errorsOf, type FieldErrors, isValid } from "../lib/form"
import { assignError, errorParams, unbound } from "../lib/kit"

export type ResetPasswordEvent =
  | { type: "resetPassword.request"; email: string }
  | { type: "resetPassword.linkOpened"; email: string; token: string }
  | { type: "resetPassword.submit"; password: string }
  | { type: "resetPassword.restart" }

export interface ResetPasswordContext {
  readonly email: string
  readonly token: string
  readonly password: string
  readonly errors: FieldErrors<"email" | "password" | "token">
  readonly error: MessageCode | null
}

/** The full reset request: the link's e-mail and token with the typed password. */
const withLink = ({ context, event }: { context: ResetPasswordContext; event: ResetPasswordEvent }) => ({
  ...context,
  password: event.type === "resetPassword.submit" ? event.password : "",
})

export const resetPasswordMachine = setup({
  types: { context: {} as ResetPasswordContext, events: {} as ResetPasswordEvent },
  actors: {
    askResetPassword: unbound<void, string>(),
    resetPassword: unbound<void, typeof ResetPasswordPayload.Type>(),
  },
  guards: {
    isEmailValid: ({ event }) => isValid(AskResetPasswordPayload, event),
    isPasswordValid: (args) => isValid(ResetPasswordPayload, withLink(args)),
  },
  actions: {
    assignEmail: assign({
      email: ({ event }) => Schema.decodeUnknownSync(AskResetPasswordPayload)(event).email,
      errors: {},
      error: null,
    }),
    assignLink: assign(({ event }) =>
      event.type === "resetPassword.linkOpened" ? { email: event.email, token: event.token } : {},
    ),
    assignPassword: assign(({ event }) =>
      event.type === "resetPassword.submit" ? { password: event.password, errors: {}, error: null } : {},
    ),
    assignEmailErrors: assign({ errors: ({ event }) => errorsOf(AskResetPasswordPayload, event) }),
    assignPasswordErrors: assign({ errors: (args) => errorsOf(ResetPasswordPayload, withLink(args)) }),
    assignError: assignError(),
    forget: assign({ token: "", password: "", errors: {}, error: null }),
  },
}).createMachine({
  id: "resetPassword",
  description: "Forgotten password: a single-use link by e-mail, then a new password.",
  context: { email: "", token: "", password: "", errors: {}, error: null },
  initial: "askingEmail",
  states: {
    askingEmail: {
      description: "Asking for the e-mail address of the account.",
      on: {
        "resetPassword.request": [
          {
            description: "Valid address: send the link.",
            guard: "isEmailValid",
            target: "sending",
            actions: "assignEmail",
          },
          { description: "Invalid address: show the message.", actions: "assignEmailErrors" },
        ],
        "resetPassword.linkOpened": {
          description: "Opened from the e-mailed link: choose the new password.",
          target: "choosingPassword",
          actions: "assignLink",
        },
      },
    },
    sending: {
      description: "Asking the server to e-mail a reset link.",
      tags: ["busy"],
      invoke: {
        id: "askResetPassword",
        src: "askResetPassword",
        input: ({ context }) => context.email,
        onDone: { description: "Link sent (same answer whether the address exists or not).", target: "sent" },
        onError: {
          description: "Refused (throttled, network): the message shows.",
          target: "askingEmail",
          actions: { type: "assignError", params: errorParams },
        },
      },
    },
    sent: {
      description: "The link is on its way: the person checks their mailbox.",
      on: { "resetPassword.restart": { description: "Ask again.", target: "askingEmail" } },
    },
    choosingPassword: {
      description: "Typing the new password.",
      on: {
        "resetPassword.submit": [
          {
            description: "Strong enough: save it.",
            guard: "isPasswordValid",
            target: "saving",
            actions: "assignPassword",
          },
          { description: "Too weak or empty: show the message.", actions: "assignPasswordErrors" },
        ],
      },
    },
    saving: {
      description: "Sending the new password with the link's token.",
      tags: ["busy"],
      invoke: {
        id: "resetPassword",
        src: "resetPassword",
        input: ({ context }) => Schema.decodeUnknownSync(ResetPasswordPayload)(context),
        onDone: { description: "Password changed.", target: "done", actions: "forget" },
        onError: {
          description: "Link invalid, used or expired.",
          target: "failed",
          actions: { type: "assignError", params: errorParams },
        },
      },
    },
    done: { description: "Password changed: the person signs in with it.", type: "final" },
    failed: {
      description: "The reset failed: heading 'Erreur'.",
      on: {
        "resetPassword.restart": {
          description: "Ask for a new link.",
          target: "askingEmail",
          actions: "forget",
        },
      },
    },
  },
})
