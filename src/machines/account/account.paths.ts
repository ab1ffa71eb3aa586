import type { AnyEventObject } from "xstate"
import {
  active,
  answerOf,
  busy,
  calling,
  check,
  codeOf,
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
 * Account finalisation (SPEC §4): the link's token shows the e-mail to finalise; names and a
 * password finalise the account and sign the person in; an unknown, used or expired link says
 * 'Ce lien de création de compte est invalide ou a expiré' and goes nowhere.
 */
const token = "finalise-token"
const problems: Problems = (e) => ({
  firstname: problem.required(e.firstname),
  lastname: problem.required(e.lastname),
  password: problem.newPassword(e.password),
})
const typed = (s: Seen) => lastOf(s, "account.finalise") as AnyEventObject
const isInvalidLink = (e: AnyEventObject) => codeOf(e.error) === "invalidFinaliseLink"

export const accountSpec: Spec = {
  states: {
    opening: [busy, active, calling("finaliseInfo", () => token)],
    unreachable: [notBusy, active, showsRefusalOf("finaliseInfo")],
    unconfigured: [
      notBusy,
      active,
      check("shows the e-mail the link is for", (s) => {
        const info = context(s).info as { email?: string } | null
        return info !== null && info.email === (answerOf(s, "finaliseInfo") as { email: string }).email
      }),
    ],
    finalising: [
      busy,
      active,
      calling("finalise", (s) => ({
        token,
        firstname: String(typed(s).firstname).trim(),
        lastname: String(typed(s).lastname).trim(),
        password: typed(s).password,
      })),
    ],
    finalised: [notBusy, finishedWith("finalise")],
    invalidLink: [
      notBusy,
      active,
      check("says the link is invalid or expired", (s) => context(s).error === "invalidFinaliseLink"),
    ],
  },
  moves: [
    { from: "opening", on: doneOf("finaliseInfo"), to: "unconfigured" },
    {
      from: "opening",
      on: errorOf("finaliseInfo"),
      given: ["invalid link", isInvalidLink],
      to: "invalidLink",
    },
    {
      from: "opening",
      on: errorOf("finaliseInfo"),
      given: ["unreachable", (e) => !isInvalidLink(e)],
      to: "unreachable",
    },
    { from: "unreachable", on: "account.retry", to: "opening" },
    {
      from: "unconfigured",
      on: "account.finalise",
      given: valid(problems),
      to: "finalising",
      after: [noErrors],
    },
    {
      from: "unconfigured",
      on: "account.finalise",
      given: invalid(problems),
      to: null,
      after: [fieldErrors(problems)],
    },
    { from: "finalising", on: doneOf("finalise"), to: "finalised" },
    {
      from: "finalising",
      on: errorOf("finalise"),
      given: ["invalid link", isInvalidLink],
      to: "invalidLink",
    },
    {
      from: "finalising",
      on: errorOf("finalise"),
      given: ["another refusal", (e) => !isInvalidLink(e)],
      to: "unconfigured",
      after: [showsRefusalOf("finalise")],
    },
  ],
}
