import {
  createMemoryHistory,
  createRootRouteWithContext,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from "@tanstack/react-router"
import { render } from "@testing-library/react"
import type { ReactNode } from "react"
import { type AnyEventObject, createActor, fromCallback, fromPromise, waitFor } from "xstate"
import type { Locales } from "../i18n/locale"
import { sessionMachine } from "../machines/session/session"
import { type Me, UserId } from "../schema"
import { AppProviders } from "../views/app/AppProviders"
import {
  type RouterContext,
  runningSession,
  type SessionActor,
  SessionContext,
} from "../views/session/session"

export const aUser = (overrides: Partial<Me> = {}): Me => ({
  id: UserId.make("6f1c2b1e-4a7d-4c1e-9d55-0a9e3f1b2c3d"),
  email: "jeanne@ferme.fr",
  firstname: "Jeanne",
  lastname: "Moreau",
  name: null,
  phone: null,
  mobile: null,
  emailConfirmed: true,
  address: {
    street: "12 route de la Plaine",
    complement: null,
    postalCode: "51100",
    city: "Reims",
    country: "France",
  },
  language: "fr",
  ...overrides,
})

/**
 * A real session chart with stubbed I/O, already settled: signed out (`me` null) or signed in
 * as `me`. `sent` records the events views send to it.
 */
export const settledSession = async (
  me: Me | null,
): Promise<{ session: SessionActor; sent: AnyEventObject[] }> => {
  const sent: AnyEventObject[] = []
  const session = createActor(
    sessionMachine.provide({
      actors: {
        readStoredToken: fromPromise<string | null>(async () => (me ? "token" : null)),
        storeTokens: fromPromise<void, { token: string; refreshToken: string }>(async () => undefined),
        loadProfile: fromPromise(async () => me ?? aUser()),
        logout: fromPromise<void>(async () => undefined),
        watchTokens: fromCallback(() => undefined),
      },
    }),
    { inspect: (e) => e.type === "@xstate.event" && e.actorRef.sessionId === e.rootId && sent.push(e.event) },
  ).start()
  await waitFor(session, (s) => s.hasTag("settled"))
  return { session, sent }
}

/** Renders a screen through the app's providers, in a memory router at `path` (loaded first). */
export const renderScreen = async (
  screen: ReactNode,
  { session, path = "/", locale = "fr" }: { session: SessionActor; path?: string; locale?: Locales },
) => {
  const root = createRootRouteWithContext<RouterContext>()({ component: Outlet })
  const page = createRoute({ getParentRoute: () => root, path: "$", component: () => screen })
  const running = runningSession(session)
  const router = createRouter({
    routeTree: root.addChildren([page]),
    history: createMemoryHistory({ initialEntries: [path] }),
    context: { session: running },
  })
  await router.load()
  const view = render(
    <AppProviders locale={locale}>
      <SessionContext.Provider value={running}>
        <RouterProvider router={router} />
      </SessionContext.Provider>
    </AppProviders>,
  )
  return { ...view, router }
}

/** A screen rendered for a signed-in person with a complete profile (`aUser()`). */
export const renderSignedIn = async (screen: ReactNode) => {
  const { session } = await settledSession(aUser())
  return renderScreen(screen, { session })
}
