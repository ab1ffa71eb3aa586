/**
 * The session chart at work, and XState with it: loaded by session.ts when first needed, never by
 * a signed-out first visit to /signin.
 */
import { createActor, fromPromise } from "xstate"
import { liveSessionMachine } from "../../machines/session/session.actors"
import { isProfileIncomplete, isSignedIn, waitForSession } from "../../machines/session/session.selectors"
import type { AuthStatus } from "./guards"
import type { SessionActor, SessionSnapshot } from "./session"

/**
 * `unreachable` keeps a token whose profile could not be loaded: the person stays in, and the
 * shell offers to retry, rather than being thrown out because the network dropped at the field edge.
 */
export const statusOf = (snapshot: SessionSnapshot): AuthStatus =>
  isProfileIncomplete(snapshot)
    ? "profileIncomplete"
    : isSignedIn(snapshot) || snapshot.matches("unreachable")
      ? "signedIn"
      : "signedOut"

/** Started after a page opened without a stored token: it begins signed out, as that page did. */
const signedOutAtStart = liveSessionMachine.provide({
  actors: { readStoredToken: fromPromise<string | null>(async () => null) },
})

/** `restore`: a token was stored when the page opened, to check by loading the profile. */
export const startSession = (restore: boolean): SessionActor =>
  createActor(restore ? liveSessionMachine : signedOutAtStart).start()

/** The status of the first settled snapshot (at once if already settled). */
export const settledStatus = async (actor: SessionActor): Promise<AuthStatus> =>
  statusOf(await waitForSession(actor))

/**
 * Calls `listener` whenever the person signs in or out, the profile becomes complete or the
 * refresh fails.
 */
export const watchStatus = (actor: SessionActor, listener: () => void): void => {
  let last = statusOf(actor.getSnapshot())
  actor.subscribe((snapshot) => {
    if (!snapshot.hasTag("settled")) return
    const status = statusOf(snapshot)
    if (status !== last) {
      last = status
      listener()
    }
  })
}
