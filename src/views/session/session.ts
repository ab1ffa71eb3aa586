import { createContext, useContext } from "react"
import type { ActorRefFrom, SnapshotFrom } from "xstate"
import type { sessionMachine } from "../../machines/session/session"
import type { AuthStatus } from "./guards"

export type SessionActor = ActorRefFrom<typeof sessionMachine>
export type SessionSnapshot = SnapshotFrom<typeof sessionMachine>

/**
 * The session as the router and the views hold it. Its chart, and XState with it
 * (sessionChart.ts), load when first needed: at start-up when a token is stored, else before any
 * page but /signin shows (`sessionFor`) or when a sign-in hands over its tokens. Until then nobody
 * is signed in, so a first visit to /signin carries neither.
 */
export interface Session {
  /** The running chart, or undefined before it starts (signed out). */
  readonly actor: () => SessionActor | undefined
  /** Starts the chart once (a failed load is tried again next time); resolves with it running. */
  readonly start: () => Promise<SessionActor>
  /** For the guards: the status once the session is known; signedOut at once before it starts. */
  readonly status: () => Promise<AuthStatus>
  /** `listener` runs whenever the known status changes (main.tsx runs the guards again). */
  readonly onStatusChange: (listener: () => void) => void
}

/** What the router hands to every route's `beforeLoad`. */
export interface RouterContext {
  readonly session: Session
}

type Chart = typeof import("./sessionChart")

const makeSession = (begin: (chart: Chart) => SessionActor, running?: SessionActor): Session => {
  let actor = running
  let wanted = running !== undefined
  let starting: Promise<readonly [SessionActor, Chart]> | undefined
  const listeners: Array<() => void> = []
  const load = () => {
    wanted = true
    starting ??= import("./sessionChart").then(
      (chart) => {
        actor ??= begin(chart)
        chart.watchStatus(actor, () => {
          for (const listener of listeners) listener()
        })
        return [actor, chart] as const
      },
      (error: unknown) => {
        starting = undefined
        throw error
      },
    )
    return starting
  }
  return {
    actor: () => actor,
    start: () => load().then(([started]) => started),
    status: async () => {
      if (!wanted) return "signedOut"
      const [started, chart] = await load()
      return chart.settledStatus(started)
    },
    onStatusChange: (listener) => {
      listeners.push(listener)
    },
  }
}

/**
 * The app's session (main.tsx). `restore`: a token was stored when the page opened; the chart
 * starts at once and checks it. Without one, a chart started later begins signed out, as the page
 * did, without reading storage again.
 */
export const createSession = ({ restore }: { readonly restore: boolean }): Session => {
  const created = makeSession((chart) => chart.startSession(restore))
  if (restore) void created.start().catch(() => undefined)
  return created
}

/** A session around a chart already running (tests). */
export const runningSession = (actor: SessionActor): Session => makeSession(() => actor, actor)

/**
 * The root route's `beforeLoad`: every page but /signin has the chart running before it shows,
 * so its views read it at once (`useSessionActor`). /signin's guard needs none while nobody is
 * signed in, and its form starts it with its own chart.
 */
export const sessionFor = async (session: Session, pathname: string): Promise<void> => {
  if (pathname !== "/signin") await session.start()
}

export const SessionContext = createContext<Session | null>(null)

export const useSession = (): Session => {
  const session = useContext(SessionContext)
  if (session === null) throw new Error("useSession needs <SessionContext.Provider>")
  return session
}

/** The running chart: there before every page but /signin shows (`sessionFor`). */
export const useSessionActor = (): SessionActor => {
  const actor = useSession().actor()
  if (actor === undefined) throw new Error("useSessionActor: the session chart has not started")
  return actor
}
