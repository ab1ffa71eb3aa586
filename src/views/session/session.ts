import { createContext, useContext } from "react"
import type { ActorRefFrom, SnapshotFrom } from "xstate"
import type { sessionMachine } from "../../machines/session/session"
import { isProfileIncomplete, isSignedIn } from "../../machines/session/session.selectors"
import type { AuthStatus } from "./guards"

export type SessionActor = ActorRefFrom<typeof sessionMachine>
export type SessionSnapshot = SnapshotFrom<typeof sessionMachine>

/** What the router hands to every route's `beforeLoad`. */
export interface RouterContext {
  readonly session: SessionActor
}

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

export const SessionContext = createContext<SessionActor | null>(null)

export const useSessionActor = (): SessionActor => {
  const actor = useContext(SessionContext)
  if (actor === null) throw new Error("useSessionActor needs <SessionContext.Provider>")
  return actor
}
