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
 * Sign-in, sign-up and profile forms as the issue and SPEC §5 describe them: invalid fields show
 * their message codes and nothing is sent; while sending, `busy`; a refusal stops the loading and
 * shows the server's message code; success gives the tokens (or the saved profile).
 */
const typed = (s: Seen, type: string) => lastOf(s, type) ?? ({ type } as AnyEventObject)
const email = (text: unknown) => String(text).trim().toLowerCase()
const text = (value: unknown) => String(value).trim()

const signInProblems = (e: AnyEventObject) => ({
  email: problem.email(e.email),
  password: problem.password(e.password),
})
const signUpProblems = (e: AnyEventObject) => ({
  email: problem.email(e.email),
  password: problem.newPassword(e.password),
  firstname: problem.required(e.firstname),
  lastname: problem.required(e.lastname),
})

/** One form chart: editing → submitting (calls `actor`) → `final` with its tokens, or back to editing. */
const tokenForm = (
  event: string,
  actor: string,
  final: string,
  problems: Problems,
  sent: (e: AnyEventObject) => unknown,
): Spec => ({
  states: {
    editing: [notBusy, active],
    submitting: [busy, active, calling(actor, (s) => sent(typed(s, event)))],
    // Loading stays shown while the person is taken to their page.
    [final]: [busy, finishedWith(actor)],
  },
  moves: [
    { from: "editing", on: event, given: valid(problems), to: "submitting", after: [noErrors] },
    { from: "editing", on: event, given: invalid(problems), to: null, after: [fieldErrors(problems)] },
    { from: "submitting", on: doneOf(actor), to: final },
    { from: "submitting", on: errorOf(actor), to: "editing", after: [showsRefusalOf(actor)] },
  ],
})

export const signInSpec = tokenForm("signIn.submit", "login", "signedIn", signInProblems, (e) => ({
  email: email(e.email),
  password: e.password,
  rememberMe: e.rememberMe,
}))

export const signUpSpec = tokenForm("signUp.submit", "signup", "signedUp", signUpProblems, (e) => ({
  email: email(e.email),
  password: e.password,
  firstname: text(e.firstname),
  lastname: text(e.lastname),
}))

const profileProblems = (e: AnyEventObject) => ({
  firstname: problem.required(e.edit?.firstname),
  "address.city": problem.required(e.edit?.address?.city),
})
const sendsTyped = check("the saveProfile call is running with the typed values", (s) => {
  const { firstname, address } = typed(s, "profile.save").edit
  return s.running.some(({ src, input }) => {
    const sent = input as { firstname?: unknown; address?: { street?: unknown; city?: unknown } }
    return (
      src === "saveProfile" &&
      sent.firstname === text(firstname) &&
      sent.address?.street === text(address.street) &&
      sent.address?.city === text(address.city)
    )
  })
})
const holdsSaved = check(
  "holds the profile the server answered",
  (s) => context(s).me !== undefined && context(s).me === answerOf(s, "saveProfile"),
)

export const profileSpec: Spec = {
  states: {
    editing: [notBusy, check("holds the profile it was opened with", (s) => context(s).me != null)],
    saving: [busy, sendsTyped],
    saved: [notBusy, holdsSaved],
    failed: [notBusy, showsRefusalOf("saveProfile")],
  },
  moves: [
    ...["editing", "saved", "failed"].flatMap((from) => [
      { from, on: "profile.save", given: valid(profileProblems), to: "saving", after: [noErrors] },
      {
        from,
        on: "profile.save",
        given: invalid(profileProblems),
        to: null,
        after: [fieldErrors(profileProblems)],
      },
    ]),
    { from: "saving", on: doneOf("saveProfile"), to: "saved", after: [noErrors] },
    { from: "saving", on: errorOf("saveProfile"), to: "failed" },
  ],
}
