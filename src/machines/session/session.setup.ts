import { assign, setup } from "xstate"
import type { Tokens } from "../../schema/auth"
import { isProfileComplete } from "../../schema/profile"
import type { Me } from "../../schema/user"
import { errorTag } from "../lib/errors"
import { unbound, unboundCallback } from "../lib/kit"

export type SessionEvent =
  | { type: "session.signedIn"; token: string; refreshToken: string }
  | { type: "session.profileUpdated"; me: Me }
  | { type: "session.logout" }
  | { type: "session.retry" }
  | { type: "session.expired" }

/** The access token is not here: it lives in local storage (`jwt`), where the ApiClient reads it. */
export interface SessionContext {
  readonly me: Me | null
}

/** The session chart's named guards, actions and actors (bound in session.actors.ts). */
export const sessionSetup = setup({
  types: { context: {} as SessionContext, events: {} as SessionEvent },
  actors: {
    readStoredToken: unbound<string | null>(),
    storeTokens: unbound<void, Tokens>(),
    loadProfile: unbound<Me>(),
    logout: unbound<void>(),
    watchTokens: unboundCallback<SessionEvent>(),
  },
  guards: {
    hasStoredToken: (_, output: string | null) => output !== null,
    isProfileComplete: (_, me: Me) => isProfileComplete(me),
    isUnauthorized: (_, error: unknown) => errorTag(error) === "Unauthorized",
  },
  actions: {
    assignMe: assign((_, me: Me) => ({ me })),
    forget: assign({ me: null }),
  },
})

/** Every way back to `signedOut` forgets the profile. */
export const toSignedOut = (description: string) =>
  ({ description, target: "signedOut", actions: "forget" }) as const

/** The tokens `session.signedIn` carried, for the `storeTokens` actor. */
export const tokensOf = ({ event }: { event: SessionEvent }): Tokens =>
  event.type === "session.signedIn"
    ? { token: event.token, refreshToken: event.refreshToken }
    : { token: "", refreshToken: "" }
