import {
  active,
  busy,
  calling,
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
  typedEmail,
  valid,
} from "../lib/paths.fields"

/**
 * Sign-in with a login code as the issue describes it: a code is asked for by e-mail (same answer
 * whether the address exists or not), the code alone signs in, refusals show the server's code.
 */
const emailProblems: Problems = (e) => ({ email: problem.email(e.email) })
const codeProblems: Problems = (e) => ({ code: problem.required(e.code) })

/** A login code is typed in any case, with spaces around: it is sent trimmed and upper-cased. */
const typedCode = (s: Seen) =>
  String(lastOf(s, "loginCode.submit")?.code ?? "")
    .trim()
    .toUpperCase()
const codeMoves = (from: string) => [
  {
    from,
    on: "loginCode.submit",
    given: valid(codeProblems),
    to: "verifying",
    after: [noErrors],
  },
  {
    from,
    on: "loginCode.submit",
    given: invalid(codeProblems),
    to: null,
    after: [fieldErrors(codeProblems)],
  },
]

export const loginCodeSpec: Spec = {
  states: {
    askingEmail: [notBusy, active],
    sendingCode: [busy, calling("askLoginCode", (s) => typedEmail(s, "loginCode.request"))],
    enteringCode: [notBusy, active],
    verifying: [busy, calling("loginWithCode", typedCode)],
    signedIn: [busy, finishedWith("loginWithCode")],
  },
  moves: [
    { from: "askingEmail", on: "loginCode.request", given: valid(emailProblems), to: "sendingCode" },
    {
      from: "askingEmail",
      on: "loginCode.request",
      given: invalid(emailProblems),
      to: null,
      after: [fieldErrors(emailProblems)],
    },
    ...codeMoves("askingEmail"),
    ...codeMoves("enteringCode"),
    { from: "sendingCode", on: doneOf("askLoginCode"), to: "enteringCode" },
    {
      from: "sendingCode",
      on: errorOf("askLoginCode"),
      to: "askingEmail",
      after: [showsRefusalOf("askLoginCode")],
    },
    { from: "enteringCode", on: "loginCode.restart", to: "askingEmail", after: [noErrors] },
    { from: "verifying", on: doneOf("loginWithCode"), to: "signedIn" },
    {
      from: "verifying",
      on: errorOf("loginWithCode"),
      to: "enteringCode",
      after: [showsRefusalOf("loginWithCode")],
    },
  ],
}
