import { assign, fromCallback, fromPromise, setup } from "xstate"
import type { Tokens } from "../../schema/auth"
import { isProfileComplete, type Me } from "../../schema/user"
import { errorTag } from "../lib/form"

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

/** The session chart's named guards, actions and actors (bound in session.actors.ts). */
export const sessionSetup = setup({
  types: { context: {} as SessionContext, events: {} as SessionEvent },
  actors: {
    readStoredToken: fromPromise<string | null>(notProvided("readStoredToken")),
    storeTokens: fromPromise<void, Tokens>(notProvided("storeTokens")),
    loadProfile: fromPromise<Me>(notProvided("loadProfile")),
    logout: fromPromise<void>(notProvided("logout")),
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
})

/** Every way back to `signedOut` forgets the token and the profile. */
export const toSignedOut = (description: string) =>
  ({ description, target: "signedOut", actions: "forget" }) as const

export const errorOf = ({ event }: { event: { error: unknown } }) => event.error

/** The tokens `session.signedIn` carried, for the `storeTokens` actor. */
export const tokensOf = ({ event }: { event: SessionEvent }): Tokens =>
  event.type === "session.signedIn"
    ? { token: event.token, refreshToken: event.refreshToken }
    : { token: "", refreshToken: "" }
