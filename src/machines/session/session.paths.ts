import type { AnyEventObject } from "xstate"
import { isProfileComplete, type Me } from "../../schema/user"
import {
  busy,
  calling,
  check,
  context,
  doneOf,
  errorOf,
  lastOf,
  notBusy,
  notSettled,
  type Seen,
  type Spec,
  settled,
  tagOf,
} from "../lib/paths"

/**
 * The session as SPEC §4 and the issue describe it: the tokens of a sign-in are stored (the
 * ApiClient reads them from storage; the chart keeps no copy); on logout or a failed refresh the
 * profile is forgotten and the person is signed out; a profile without address or city forces
 * /me; router guards wait for `settled`.
 */
const me = (s: Seen) => context(s).me as Me | null
/** The last profile the server gave: loaded or saved. */
const latestProfile = (s: Seen): unknown => {
  const e = lastOf(s, doneOf("loadProfile"), "session.profileUpdated")
  return e?.type === "session.profileUpdated" ? e.me : e?.output
}

const keepsNoToken = check("keeps no copy of the token", (s) => !("token" in context(s)))
const forgotten = check("has forgotten the profile", (s) => me(s) === null)
const hasLatestProfile = check(
  "holds the latest profile the server gave",
  (s) => me(s) !== null && me(s) === latestProfile(s),
)
const complete = check("the profile has an address and a city", (s) => {
  const profile = me(s)
  return profile !== null && isProfileComplete(profile)
})
const incomplete = check("the profile lacks an address or a city", (s) => {
  const profile = me(s)
  return profile !== null && !isProfileComplete(profile)
})
const signedInTokens = (s: Seen) => {
  const e = lastOf(s, "session.signedIn")
  return { token: e?.token, refreshToken: e?.refreshToken }
}

const unauthorized = ["Unauthorized", (e: AnyEventObject) => tagOf(e.error) === "Unauthorized"] as const
const otherFault = ["network or server fault", (e: AnyEventObject) => !unauthorized[1](e)] as const
const completeProfile = [
  "complete profile",
  (e: AnyEventObject) => isProfileComplete(e.output as Me),
] as const
const incompleteProfile = ["incomplete profile", (e: AnyEventObject) => !completeProfile[1](e)] as const
const savedComplete = ["complete profile", (e: AnyEventObject) => isProfileComplete(e.me as Me)] as const
const savedIncomplete = ["incomplete profile", (e: AnyEventObject) => !savedComplete[1](e)] as const
const storedToken = ["a token was stored", (e: AnyEventObject) => typeof e.output === "string"] as const
const noToken = ["nothing stored", (e: AnyEventObject) => e.output === null] as const

export const sessionSpec: Spec = {
  states: {
    restoring: [busy, notSettled, calling("readStoredToken")],
    signedOut: [settled, notBusy, forgotten, keepsNoToken],
    storingTokens: [busy, notSettled, calling("storeTokens", signedInTokens)],
    loadingProfile: [busy, notSettled, keepsNoToken, calling("loadProfile")],
    unreachable: [settled, notBusy, keepsNoToken],
    signedIn: [settled, notBusy, keepsNoToken, hasLatestProfile],
    "signedIn.ready": [complete],
    "signedIn.profileIncomplete": [incomplete],
    loggingOut: [busy, notSettled, calling("logout")],
  },
  moves: [
    { from: "restoring", on: doneOf("readStoredToken"), given: storedToken, to: "loadingProfile" },
    { from: "restoring", on: doneOf("readStoredToken"), given: noToken, to: "signedOut" },
    { from: "restoring", on: errorOf("readStoredToken"), to: "signedOut" },
    { from: "signedOut", on: "session.signedIn", to: "storingTokens" },
    { from: "storingTokens", on: doneOf("storeTokens"), to: "loadingProfile" },
    { from: "storingTokens", on: errorOf("storeTokens"), to: "signedOut" },
    { from: "loadingProfile", on: doneOf("loadProfile"), given: completeProfile, to: "signedIn.ready" },
    {
      from: "loadingProfile",
      on: doneOf("loadProfile"),
      given: incompleteProfile,
      to: "signedIn.profileIncomplete",
    },
    { from: "loadingProfile", on: errorOf("loadProfile"), given: unauthorized, to: "loggingOut" },
    { from: "loadingProfile", on: errorOf("loadProfile"), given: otherFault, to: "unreachable" },
    { from: "unreachable", on: "session.retry", to: "loadingProfile" },
    { from: "unreachable", on: "session.logout", to: "loggingOut" },
    { from: "unreachable", on: "session.expired", to: "signedOut" },
    { from: "signedIn", on: "session.logout", to: "loggingOut" },
    { from: "signedIn", on: "session.expired", to: "signedOut" },
    { from: "signedIn", on: "session.profileUpdated", given: savedComplete, to: "signedIn.ready" },
    {
      from: "signedIn",
      on: "session.profileUpdated",
      given: savedIncomplete,
      to: "signedIn.profileIncomplete",
    },
    { from: "loggingOut", on: doneOf("logout"), to: "signedOut" },
    { from: "loggingOut", on: errorOf("logout"), to: "signedOut" },
  ],
}
