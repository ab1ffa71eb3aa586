import { active, busy, calling, check, context, doneOf, errorOf, notBusy, type Spec } from "../lib/paths"
import { showsRefusalOf } from "../lib/paths.fields"

/**
 * Signing out of every device as the issue describes it: nothing ends before a confirmation; a
 * refusal shows in that confirmation; once the server ended every session, this device signs out.
 */
const noError = check("shows no server error", (s) => context(s).error === null)

export const logoutEverywhereSpec: Spec = {
  states: {
    idle: [notBusy, active, noError],
    asking: [notBusy, active],
    ending: [busy, calling("endAllSessions")],
    ended: [notBusy, check("is over: this device signs out", (s) => s.snapshot.status === "done")],
  },
  moves: [
    { from: "idle", on: "logoutEverywhere.ask", to: "asking", after: [noError] },
    { from: "asking", on: "logoutEverywhere.cancel", to: "idle" },
    { from: "asking", on: "logoutEverywhere.confirm", to: "ending" },
    { from: "ending", on: doneOf("endAllSessions"), to: "ended" },
    {
      from: "ending",
      on: errorOf("endAllSessions"),
      to: "asking",
      after: [showsRefusalOf("endAllSessions")],
    },
  ],
}
