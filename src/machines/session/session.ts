/**
 * Session: who is signed in (SPEC §4). The access token is kept in local storage (`jwt`), where the
 * ApiClient reads and refreshes it: the chart keeps no copy.
 *
 * Events the view sends:
 * - `session.signedIn` { token, refreshToken }: a sign-in, sign-up or login-code flow succeeded.
 * - `session.profileUpdated` { me }: the profile was saved (may leave `signedIn.profileIncomplete`).
 * - `session.logout`: the person signs out (then the view navigates to /signin).
 * - `session.retry`: try loading the profile again after `unreachable`.
 * From `watchTokens` (the ApiClient): `session.expired` (the refresh failed: storage cleared).
 * Read: `me` in context; `signedIn`, `signedIn.ready`, `signedIn.profileIncomplete`;
 * the tag `settled` is on every state where the session is known (router guards wait for it).
 */

import { errorParams } from "../lib/kit"
import { sessionSetup, tokensOf, toSignedOut } from "./session.setup"

export type { SessionContext, SessionEvent } from "./session.setup"

export const sessionMachine = sessionSetup.createMachine({
  id: "session",
  description: "Who is signed in: the profile (the access token stays in local storage under `jwt`).",
  context: { me: null },
  invoke: { id: "watchTokens", src: "watchTokens" },
  initial: "restoring",
  states: {
    restoring: {
      description: "Reading the token kept in local storage from a previous visit.",
      tags: ["busy"],
      invoke: {
        id: "readStoredToken",
        src: "readStoredToken",
        onDone: [
          {
            description: "A token was stored: check it by loading the profile.",
            guard: { type: "hasStoredToken", params: ({ event }) => event.output },
            target: "loadingProfile",
          },
          { description: "No stored token: nobody is signed in.", target: "signedOut" },
        ],
        onError: { description: "Storage unreadable: treat as signed out.", target: "signedOut" },
      },
    },
    signedOut: {
      description: "Nobody is signed in; guarded pages redirect to /signin.",
      tags: ["settled"],
      on: {
        "session.signedIn": {
          description: "A sign-in flow gave tokens: store them.",
          target: "storingTokens",
        },
      },
    },
    storingTokens: {
      description: "Saving the new access and refresh tokens in local storage.",
      tags: ["busy"],
      invoke: {
        id: "storeTokens",
        src: "storeTokens",
        input: tokensOf,
        onDone: { description: "Tokens saved: load the profile.", target: "loadingProfile" },
        onError: toSignedOut("Storage refused the tokens."),
      },
    },
    loadingProfile: {
      description: "Fetching /me with the token (the ApiClient refreshes it if it aged).",
      tags: ["busy"],
      invoke: {
        id: "loadProfile",
        src: "loadProfile",
        onDone: [
          {
            description: "Profile loaded with an address and a city.",
            guard: { type: "isProfileComplete", params: ({ event }) => event.output },
            target: "signedIn.ready",
            actions: { type: "assignMe", params: ({ event }) => event.output },
          },
          {
            description: "Profile loaded without address or city: the person is forced to /me.",
            target: "signedIn.profileIncomplete",
            actions: { type: "assignMe", params: ({ event }) => event.output },
          },
        ],
        onError: [
          {
            description: "The token was refused and could not be refreshed: sign out.",
            guard: { type: "isUnauthorized", params: errorParams },
            target: "loggingOut",
          },
          { description: "The server could not be reached.", target: "unreachable" },
        ],
      },
    },
    unreachable: {
      description: "The profile could not be loaded (network or server fault); the token is kept.",
      tags: ["settled"],
      on: {
        "session.retry": { description: "Try again.", target: "loadingProfile" },
        "session.logout": { description: "Give up and sign out.", target: "loggingOut" },
        "session.expired": toSignedOut("The refresh failed: storage was cleared, the token is nulled."),
      },
    },
    signedIn: {
      description: "Signed in with a loaded profile.",
      tags: ["settled"],
      initial: "ready",
      on: {
        "session.logout": { description: "The person signs out.", target: "loggingOut" },
        "session.expired": toSignedOut("The refresh failed: storage was cleared, the token is nulled."),
        "session.profileUpdated": [
          {
            description: "The saved profile has an address and a city.",
            guard: { type: "isProfileComplete", params: ({ event }) => event.me },
            target: ".ready",
            actions: { type: "assignMe", params: ({ event }) => event.me },
          },
          {
            description: "The saved profile still lacks an address or a city.",
            target: ".profileIncomplete",
            actions: { type: "assignMe", params: ({ event }) => event.me },
          },
        ],
      },
      states: {
        ready: { description: "Every page is open to the person." },
        profileIncomplete: { description: "Address or city missing: every guarded page redirects to /me." },
      },
    },
    loggingOut: {
      description: "Calling auth/logout, then clearing all local storage (whatever the answer).",
      tags: ["busy"],
      invoke: {
        id: "logout",
        src: "logout",
        onDone: toSignedOut("Signed out: token nulled."),
        onError: toSignedOut("Signed out locally even so."),
      },
    },
  },
})
