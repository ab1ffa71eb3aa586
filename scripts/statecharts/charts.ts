import type { AnyEventObject, AnyStateMachine } from "xstate"
import { loginCodeMachine } from "../../src/machines/loginCode"
import { profileMachine } from "../../src/machines/profile"
import { resetPasswordMachine } from "../../src/machines/resetPassword"
import { sessionMachine } from "../../src/machines/session"
import { signInMachine } from "../../src/machines/signIn"
import { signUpMachine } from "../../src/machines/signUp"
import { BadRequest, Conflict, Unauthorized } from "../../src/schema"
import { adminCharts } from "./charts.admin"
import { bookingsCharts } from "./charts.bookings"
import { clustersCharts } from "./charts.clusters"
import { countersCharts } from "./charts.counters"
import { machinesCharts } from "./charts.machines"
import { meCharts } from "./charts.me"
import { membershipCharts } from "./charts.membership"
import { planningCharts } from "./charts.planning"
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
} from "./samples"
import type { Spec } from "./spec"
import { profileSpec, signInSpec, signUpSpec } from "./spec.forms"
import { loginCodeSpec } from "./spec.loginCode"
import { resetPasswordSpec } from "./spec.resetPassword"
import { sessionSpec } from "./spec.session"

/**
 * Every statechart, with the sample events its paths are generated from and its spec: what must
 * hold in each state and where the key events lead, written from SPEC.md and the issue, not read
 * from the chart. A new chart added here gets its docs, its QA paths and its path tests. The
 * samples must reach every transition (the coverage test says which one is missing); every state
 * needs invariants in the spec (the path tests say which one has none).
 */
export interface Chart {
  readonly name: string
  readonly machine: AnyStateMachine
  readonly input?: unknown
  readonly events: ReadonlyArray<AnyEventObject>
  readonly spec: Spec
}

export const charts: ReadonlyArray<Chart> = [
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
      { type: "session.tokenRefreshed", token: "access-2" },
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
  ...meCharts,
  ...clustersCharts,
  ...membershipCharts,
  ...machinesCharts,
  ...countersCharts,
  ...adminCharts,
  ...bookingsCharts,
  ...planningCharts,
]

export const chartNamed = (name: string): Chart | undefined => charts.find((chart) => chart.name === name)
