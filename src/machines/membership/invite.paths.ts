import type { AnyEventObject } from "xstate"
import {
  active,
  answerOf,
  busy,
  calling,
  check,
  context,
  doneOf,
  errorOf,
  lastOf,
  notBusy,
  type Spec,
} from "../lib/paths"
import {
  fieldErrors,
  invalid,
  noErrors,
  type Problems,
  problem,
  showsRefusalOf,
  typedEmail,
  valid,
} from "../lib/paths.fields"

/**
 * Inviting by e-mail with a role (SPEC §4): an invalid address sends nothing; the server's refusal
 * (alreadyMember, alreadyInvited, forbidden) is shown and the form stays; once sent, the form is
 * ready for another invitation.
 */
const clusterId = "00000000-0000-4000-8000-0000000000c1"
const problems: Problems = (e: AnyEventObject) => ({ email: problem.email(e.email) })

export const inviteSpec: Spec = {
  states: {
    editing: [notBusy, active],
    sending: [
      busy,
      active,
      calling("invite", (s) => ({
        clusterId,
        payload: { email: typedEmail(s, "invite.submit"), role: lastOf(s, "invite.submit")?.role },
      })),
    ],
    sent: [
      notBusy,
      active,
      check("holds the invitation the server answered", (s) => context(s).invited === answerOf(s, "invite")),
    ],
  },
  moves: [
    { from: "editing", on: "invite.submit", given: valid(problems), to: "sending", after: [noErrors] },
    {
      from: "editing",
      on: "invite.submit",
      given: invalid(problems),
      to: null,
      after: [fieldErrors(problems)],
    },
    { from: "sent", on: "invite.submit", given: valid(problems), to: "sending" },
    { from: "sent", on: "invite.submit", given: invalid(problems), to: null, after: [fieldErrors(problems)] },
    { from: "sending", on: doneOf("invite"), to: "sent" },
    { from: "sending", on: errorOf("invite"), to: "editing", after: [showsRefusalOf("invite")] },
  ],
}
