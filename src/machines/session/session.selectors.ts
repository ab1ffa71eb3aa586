import { type ActorRefFrom, type SnapshotFrom, waitFor } from "xstate"
import type { sessionMachine } from "./session"

type SessionSnapshot = SnapshotFrom<typeof sessionMachine>

/** True once the session is known: signed out, signed in, or the server unreachable. */
export const isSettled = (s: SessionSnapshot): boolean => s.hasTag("settled")
export const isSignedIn = (s: SessionSnapshot): boolean => s.matches("signedIn")
export const isProfileIncomplete = (s: SessionSnapshot): boolean =>
  s.matches({ signedIn: "profileIncomplete" })

/** For router guards: resolves with the first settled snapshot (at once if already settled). */
export const waitForSession = (actor: ActorRefFrom<typeof sessionMachine>): Promise<SessionSnapshot> =>
  waitFor(actor, isSettled, { timeout: Number.POSITIVE_INFINITY })
