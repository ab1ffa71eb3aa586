/**
 * Session: who is signed in, with which access token (SPEC §4).
 *
 * Events the view sends:
 * - `session.signedIn` { token, refreshToken }: a sign-in, sign-up or login-code flow succeeded.
 * - `session.profileUpdated` { me }: the profile was saved (may leave `signedIn.profileIncomplete`).
 * - `session.logout`: the person signs out (then the view navigates to /signin).
 * - `session.retry`: try loading the profile again after `unreachable`.
 * Events the `watchTokens` actor sends (the ApiClient refreshed or gave up):
 * - `session.tokenRefreshed` { token }, `session.expired` (storage already cleared).
 * Read: `token`, `me` in context; `signedIn`, `signedIn.ready`, `signedIn.profileIncomplete`;
 * the tag `settled` is on every state where the session is known (router guards wait for it).
 */
import { assign, fromCallback, fromPromise, setup } from "xstate"
import { isProfileComplete, type Me, type Tokens } from "../schema"
import { errorTag } from "./form"

export type SessionEvent =
  | { type: "session.signedIn"; token: string; refreshToken: string }
  | { type: "session.profileUpdated"; me: Me }
  | { type: "session.logout" }
  | { type: "session.retry" }
  | { type: "session.tokenRefreshed"; token: string }
  | { type: "session.expired" }

export interface SessionContext {
  readonly token: string | null
  readonly me: Me | null
}

const notProvided = (name: string) => () => Promise.reject(new Error(`${name} is bound in session.actors.ts`))

export const sessionMachine = setup({
  types: { context: {} as SessionContext, events: {} as SessionEvent },
  actors: {
    readStoredToken: fromPromise<string | null>(notProvided("readStoredToken")),
    storeTokens: fromPromise<void, Tokens>(notProvided("storeTokens")),
    loadProfile: fromPromise<Me>(notProvided("loadProfile")),
    logout: fromPromise<void>(notProvided("logout")),
    clearStorage: fromPromise<void>(notProvided("clearStorage")),
    watchTokens: fromCallback<SessionEvent>(() => undefined),
  },
  guards: {
    hasStoredToken: (_, output: string | null) => output !== null,
    isProfileComplete: (_, me: Me) => isProfileComplete(me),
    isUnauthorized: (_, error: unknown) => errorTag(error) === "Unauthorized",
  },
  actions: {
    assignToken: assign((_, token: string | null) => ({ token })),
    assignMe: assign((_, me: Me) => ({ me })),
    forget: assign({ token: null, me: null }),
  },
}).createMachine({
  id: "session",
  description: "Who is signed in: the access token (also kept in local storage under `jwt`) and the profile.",
  context: { token: null, me: null },
  invoke: { id: "watchTokens", src: "watchTokens" },
  on: {
    "session.tokenRefreshed": {
      description: "The ApiClient refreshed the access token: keep the chart's copy in step.",
      actions: { type: "assignToken", params: ({ event }) => event.token },
    },
  },
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
            actions: { type: "assignToken", params: ({ event }) => event.output },
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
          actions: { type: "assignToken", params: ({ event }) => event.token },
        },
      },
    },
    storingTokens: {
      description: "Saving the new access and refresh tokens in local storage.",
      tags: ["busy"],
      invoke: {
        id: "storeTokens",
        src: "storeTokens",
        input: ({ event }) =>
          event.type === "session.signedIn"
            ? { token: event.token, refreshToken: event.refreshToken }
            : { token: "", refreshToken: "" },
        onDone: { description: "Tokens saved: load the profile.", target: "loadingProfile" },
        onError: { description: "Storage refused the tokens.", target: "signedOut", actions: "forget" },
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
            description: "The token was refused and could not be refreshed: forget it.",
            guard: {
              type: "isUnauthorized",
              params: ({ event }: { event: { error: unknown } }) => event.error,
            },
            target: "clearing",
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
        "session.expired": { description: "Refresh failed.", target: "signedOut", actions: "forget" },
      },
    },
    clearing: {
      description: "Clearing all local storage after the token was refused.",
      tags: ["busy"],
      invoke: {
        id: "clearStorage",
        src: "clearStorage",
        onDone: { description: "Storage cleared, token nulled.", target: "signedOut", actions: "forget" },
        onError: { description: "Token nulled even so.", target: "signedOut", actions: "forget" },
      },
    },
    signedIn: {
      description: "Signed in with a loaded profile.",
      tags: ["settled"],
      initial: "ready",
      on: {
        "session.logout": { description: "The person signs out.", target: "loggingOut" },
        "session.expired": {
          description: "The refresh failed: storage was cleared, the token is nulled.",
          target: "signedOut",
          actions: "forget",
        },
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
        onDone: { description: "Signed out: token nulled.", target: "signedOut", actions: "forget" },
        onError: { description: "Signed out locally even so.", target: "signedOut", actions: "forget" },
      },
    },
  },
})
