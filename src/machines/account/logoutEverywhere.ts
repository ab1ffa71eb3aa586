/**
 * Signing out of every device (DELETE /api/v2/me/sessions), after a confirmation.
 *
 * Events the view sends:
 * - `logoutEverywhere.ask`: open the confirmation.
 * - `logoutEverywhere.cancel`: close it, nothing ends.
 * - `logoutEverywhere.confirm`: end every session of the account, this one included.
 * Read: `asking` and `ending` (the confirmation is open), `context.error` (server message code),
 * the tag `busy`. Done in `ended` (final): the named action `signOutHere` (provided by the view)
 * signs out on this device exactly as the ordinary sign-out does (storage cleared, /signin).
 */
import { assign, setup } from "xstate"
import type { MessageCode } from "../../schema/messages"
import { assignError, errorParams, unbound } from "../lib/kit"

export type LogoutEverywhereEvent =
  | { type: "logoutEverywhere.ask" }
  | { type: "logoutEverywhere.cancel" }
  | { type: "logoutEverywhere.confirm" }

export interface LogoutEverywhereContext {
  readonly error: MessageCode | null
}

export const logoutEverywhereMachine = setup({
  types: { context: {} as LogoutEverywhereContext, events: {} as LogoutEverywhereEvent },
  actors: {
    endAllSessions: unbound<void>(),
  },
  actions: {
    assignError: assignError(),
    forgetError: assign({ error: null }),
    /** Provided by the view: the session signs out here and the person goes to /signin. */
    signOutHere: () => {},
  },
}).createMachine({
  id: "logoutEverywhere",
  description: "Ending every session of the account, on every device, after a confirmation.",
  context: { error: null },
  initial: "idle",
  states: {
    idle: {
      description: "The button shows.",
      on: {
        "logoutEverywhere.ask": {
          description: "Ask for a confirmation first.",
          target: "asking",
          actions: "forgetError",
        },
      },
    },
    asking: {
      description: "The confirmation says every session closes, on this device as on the others.",
      on: {
        "logoutEverywhere.cancel": { description: "Nothing ends.", target: "idle", actions: "forgetError" },
        "logoutEverywhere.confirm": { description: "End them all.", target: "ending" },
      },
    },
    ending: {
      description: "Asking the server to end every session of the account.",
      tags: ["busy"],
      invoke: {
        id: "endAllSessions",
        src: "endAllSessions",
        onDone: { description: "Every session is over.", target: "ended" },
        onError: {
          description: "Refused or unreachable: the confirmation shows the message, try again or cancel.",
          target: "asking",
          actions: { type: "assignError", params: errorParams },
        },
      },
    },
    ended: {
      description: "Done: this device signs out like the ordinary sign-out.",
      type: "final",
      entry: "signOutHere",
    },
  },
})
