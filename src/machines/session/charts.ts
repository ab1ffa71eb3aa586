import { BadRequest, Conflict, Unauthorized } from "../../schema"
import { profileMachine } from "../account/profile"
import type { Chart } from "../lib/paths"
import {
  address,
  completeMe,
  done,
  failed,
  incompleteMe,
  networkDown,
  refused,
  throttled,
  tokens,
} from "../lib/samples"
import { profileSpec, signInSpec, signUpSpec } from "./forms.paths"
import { loginCodeMachine } from "./loginCode"
import { loginCodeSpec } from "./loginCode.paths"
import { resetPasswordMachine } from "./resetPassword"
import { resetPasswordSpec } from "./resetPassword.paths"
import { sessionMachine } from "./session"
import { sessionSpec } from "./session.paths"
import { signInMachine } from "./signIn"
import { signUpMachine } from "./signUp"

/** The session's charts and the sign-in forms (the profile form shares their field checks). */
export const sessionCharts: ReadonlyArray<Chart> = [
  {
    name: "session",
    spec: sessionSpec,
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
      { type: "session.expired" },
      { type: "session.logout" },
      done("logout"),
      failed("logout", networkDown),
    ],
  },
  {
    name: "signIn",
    spec: signInSpec,
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
    spec: signUpSpec,
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
    spec: loginCodeSpec,
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
    spec: resetPasswordSpec,
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
    spec: profileSpec,
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
