import {
  active,
  busy,
  calling,
  check,
  context,
  doneOf,
  errorOf,
  finishedWith,
  lastOf,
  notBusy,
  type Seen,
  type Spec,
} from "../lib/paths"
import {
  fieldErrors,
  invalid,
  noErrors,
  type Problems,
  problem,
  showsRefusalOf,
  valid,
} from "../lib/paths.fields"

/**
 * Proving the address as the issue describes it: the mailed code (typed, or from the link) is sent
 * trimmed and upper-cased; an empty one is not sent; a new code can be asked for; refusals show the
 * server's message code; once proven, the chart is done with the profile the server answered.
 */
const codeProblems: Problems = (e) => ({ code: problem.required(e.code) })
const typedCode = (s: Seen) =>
  String(lastOf(s, "emailConfirmation.submit")?.code ?? "")
    .trim()
    .toUpperCase()
const told = (resent: boolean) =>
  check(
    resent ? "says a new code was sent" : "does not say a new code was sent",
    (s) => context(s).resent === resent,
  )

export const emailConfirmationSpec: Spec = {
  states: {
    waiting: [
      notBusy,
      active,
      check("knows the address the code went to", (s) => context(s).email === "anne@example.org"),
    ],
    confirming: [busy, calling("confirmEmail", typedCode)],
    resending: [busy, calling("askEmailConfirmation")],
    confirmed: [notBusy, finishedWith("confirmEmail")],
  },
  moves: [
    {
      from: "waiting",
      on: "emailConfirmation.submit",
      given: valid(codeProblems),
      to: "confirming",
      after: [noErrors],
    },
    {
      from: "waiting",
      on: "emailConfirmation.submit",
      given: invalid(codeProblems),
      to: null,
      after: [fieldErrors(codeProblems), told(false)],
    },
    { from: "waiting", on: "emailConfirmation.resend", to: "resending", after: [noErrors] },
    { from: "confirming", on: doneOf("confirmEmail"), to: "confirmed" },
    {
      from: "confirming",
      on: errorOf("confirmEmail"),
      to: "waiting",
      after: [showsRefusalOf("confirmEmail"), told(false)],
    },
    { from: "resending", on: doneOf("askEmailConfirmation"), to: "waiting", after: [noErrors, told(true)] },
    {
      from: "resending",
      on: errorOf("askEmailConfirmation"),
      to: "waiting",
      after: [showsRefusalOf("askEmailConfirmation"), told(false)],
    },
  ],
}
