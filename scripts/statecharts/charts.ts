import type { AnyEventObject, AnyStateMachine } from "xstate"
import { loginCodeMachine } from "../../src/machines/loginCode"
import { profileMachine } from "../../src/machines/profile"
import { resetPasswordMachine } from "../../src/machines/resetPassword"
import { sessionMachine } from "../../src/machines/session"
import { signInMachine } from "../../src/machines/signIn"
import { signUpMachine } from "../../src/machines/signUp"
import { Address, BadRequest, Conflict, Me, TooManyRequests, Unauthorized, UserId } from "../../src/schema"

/**
 * Every statechart, with the sample events its paths are generated from. A new chart added here
 * gets its docs, its QA paths and its path tests. The samples must reach every transition (the
 * coverage test says which one is missing).
 */
export interface Chart {
  readonly name: string
  readonly machine: AnyStateMachine
  readonly input?: unknown
  readonly events: ReadonlyArray<AnyEventObject>
}

const done = (id: string, output?: unknown) => ({ type: `xstate.done.actor.${id}`, output })
const failed = (id: string, error: unknown) => ({ type: `xstate.error.actor.${id}`, error })
const networkDown = new Error("network down")

const address = new Address({
  street: "1 rue du Moulin",
  complement: null,
  postalCode: "35000",
  city: "Rennes",
  country: "FR",
})
const person = {
  id: UserId.make("00000000-0000-4000-8000-000000000001"),
  email: "anne@example.org",
  firstname: "Anne",
  lastname: "Martin",
  name: null,
  phone: null,
  mobile: null,
  language: "fr" as const,
}
const completeMe = new Me({ ...person, address })
const incompleteMe = new Me({ ...person, address: null })
const tokens = { token: "access-1", refreshToken: "refresh-1" }
const refused = new Unauthorized({
  code: "invalidCredentials",
  message: "Adresse email ou mot de passe incorrect",
})
const throttled = new TooManyRequests({
  code: "tooManyAttempts",
  message: "Trop de tentatives",
  retryAfterSeconds: 60,
})

export const charts: ReadonlyArray<Chart> = [
  {
    name: "session",
    machine: sessionMachine,
    events: [
      done("readStoredToken", "access-0"),
      done("readStoredToken", null),
      failed("readStoredToken", networkDown),
      { type: "session.signedIn", ...tokens },
      done("storeTokens"),
      failed("storeTokens", networkDown),
      done("loadProfile", completeMe),
      done("loadProfile", incompleteMe),
      failed("loadProfile", new Unauthorized({ code: "tokenInvalid", message: "Session invalide" })),
      failed("loadProfile", networkDown),
      { type: "session.retry" },
      { type: "session.profileUpdated", me: completeMe },
      { type: "session.profileUpdated", me: incompleteMe },
      { type: "session.tokenRefreshed", token: "access-2" },
      { type: "session.expired" },
      { type: "session.logout" },
      done("logout"),
      failed("logout", networkDown),
    ],
  },
  {
    name: "signIn",
    machine: signInMachine,
    events: [
      { type: "signIn.submit", email: "anne@example.org", password: "secret-password", rememberMe: true },
      { type: "signIn.submit", email: "not-an-address", password: "", rememberMe: false },
      done("login", tokens),
      failed("login", refused),
    ],
  },
  {
    name: "signUp",
    machine: signUpMachine,
    events: [
      {
        type: "signUp.submit",
        email: "anne@example.org",
        password: "long-enough",
        firstname: "Anne",
        lastname: "Martin",
      },
      { type: "signUp.submit", email: "", password: "short", firstname: "", lastname: "Martin" },
      done("signup", tokens),
      failed("signup", new Conflict({ code: "emailTaken", message: "Un compte existe déjà" })),
    ],
  },
  {
    name: "loginCode",
    machine: loginCodeMachine,
    events: [
      { type: "loginCode.request", email: "anne@example.org" },
      { type: "loginCode.request", email: "anne@" },
      { type: "loginCode.submit", code: "abcd2345ef" },
      { type: "loginCode.submit", code: " " },
      { type: "loginCode.restart" },
      done("askLoginCode"),
      failed("askLoginCode", throttled),
      done("loginWithCode", tokens),
      failed("loginWithCode", new Unauthorized({ code: "invalidLoginCode", message: "Code invalide" })),
    ],
  },
  {
    name: "resetPassword",
    machine: resetPasswordMachine,
    events: [
      { type: "resetPassword.request", email: "anne@example.org" },
      { type: "resetPassword.request", email: "" },
      { type: "resetPassword.linkOpened", email: "anne@example.org", token: "reset-token" },
      { type: "resetPassword.submit", password: "a-new-password" },
      { type: "resetPassword.submit", password: "short" },
      { type: "resetPassword.restart" },
      done("askResetPassword"),
      failed("askResetPassword", throttled),
      done("resetPassword"),
      failed("resetPassword", new BadRequest({ code: "invalidResetToken", message: "Lien invalide" })),
    ],
  },
  {
    name: "profile",
    machine: profileMachine,
    input: { me: incompleteMe },
    events: [
      { type: "profile.save", edit: { firstname: "Anne", address: { ...address } } },
      { type: "profile.save", edit: { firstname: "", address: { ...address, city: " " } } },
      done("saveProfile", completeMe),
      failed("saveProfile", networkDown),
    ],
  },
]

export const chartNamed = (name: string): Chart | undefined => charts.find((chart) => chart.name === name)
