import {
  active,
  busy,
  calling,
  check,
  context,
  doneOf,
  errorOf,
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
 * Password reset as the issue describes it: a single-use link is asked for by e-mail, the link's
 * token with a new password resets it; a failed reset shows the heading 'Erreur' (`failed`).
 */
const emailProblems: Problems = (e) => ({ email: problem.email(e.email) })
const passwordProblems: Problems = (e) => ({ password: problem.newPassword(e.password) })

const link = (s: Seen) => lastOf(s, "resetPassword.linkOpened")
const holdsLink = check("holds the e-mail and token of the opened link", (s) => {
  const opened = link(s)
  return opened !== undefined && context(s).email === opened.email && context(s).token === opened.token
})
const sendsReset = calling("resetPassword", (s) => ({
  email: typedEmail(s, "resetPassword.linkOpened"),
  token: link(s)?.token,
  password: lastOf(s, "resetPassword.submit")?.password,
}))
const forgetsSecrets = check(
  "keeps neither the link's token nor the new password",
  (s) => context(s).token === "" && context(s).password === "",
)

export const resetPasswordSpec: Spec = {
  states: {
    askingEmail: [notBusy, active],
    sending: [busy, calling("askResetPassword", (s) => typedEmail(s, "resetPassword.request"))],
    sent: [notBusy, active],
    choosingPassword: [notBusy, active, holdsLink],
    saving: [busy, sendsReset],
    done: [notBusy, check("is done", (s) => s.snapshot.status === "done"), forgetsSecrets],
    failed: [notBusy, active, showsRefusalOf("resetPassword")],
  },
  moves: [
    { from: "askingEmail", on: "resetPassword.request", given: valid(emailProblems), to: "sending" },
    {
      from: "askingEmail",
      on: "resetPassword.request",
      given: invalid(emailProblems),
      to: null,
      after: [fieldErrors(emailProblems)],
    },
    { from: "askingEmail", on: "resetPassword.linkOpened", to: "choosingPassword" },
    {
      from: "choosingPassword",
      on: "resetPassword.submit",
      given: valid(passwordProblems),
      to: "saving",
    },
    {
      from: "choosingPassword",
      on: "resetPassword.submit",
      given: invalid(passwordProblems),
      to: null,
      after: [fieldErrors(passwordProblems)],
    },
    { from: "sending", on: doneOf("askResetPassword"), to: "sent" },
    {
      from: "sending",
      on: errorOf("askResetPassword"),
      to: "askingEmail",
      after: [showsRefusalOf("askResetPassword")],
    },
    { from: "saving", on: doneOf("resetPassword"), to: "done" },
    { from: "saving", on: errorOf("resetPassword"), to: "failed" },
    { from: "sent", on: "resetPassword.restart", to: "askingEmail" },
    { from: "failed", on: "resetPassword.restart", to: "askingEmail", after: [noErrors] },
  ],
}
