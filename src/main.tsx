import "./views/app/styles.first"
import { createRouter, RouterProvider } from "@tanstack/react-router"
import { lazy, StrictMode, Suspense } from "react"
import { createRoot } from "react-dom/client"
import { createActor } from "xstate"
import { loadLocale, startLocale } from "./i18n/locale"
import { liveSessionMachine } from "./machines/session/session.actors"
import { routeTree } from "./routeTree.gen"
import { accessTokenKey } from "./services/tokenStorage"
import { AppProviders } from "./views/app/AppProviders"
import { dictionariesFor } from "./views/app/dictionaries"
import { frameFor } from "./views/app/frame"
import { PagePending } from "./views/common/PagePending"
import { requireSession } from "./views/session/routeGuards"
import { SessionContext, statusOf } from "./views/session/session"

// The offline worker is registered once the page has shown, not before.
const ServiceWorkerPrompt = lazy(() =>
  import("./views/pwa/ServiceWorkerPrompt").then((m) => ({ default: m.ServiceWorkerPrompt })),
)

const session = createActor(liveSessionMachine).start()

const router = createRouter({
  routeTree,
  context: { session },
  defaultPreload: "intent",
  scrollRestoration: true,
  defaultPendingComponent: PagePending,
})

declare module "@tanstack/react-router" {
  interface Register {
    router: typeof router
  }
}

// Guards run again whenever the person signs in or out, the profile becomes complete or the
// refresh fails, so a page never stays open to someone it is no longer for.
let lastStatus = statusOf(session.getSnapshot())
session.subscribe((snapshot) => {
  if (!snapshot.hasTag("settled")) return
  const status = statusOf(snapshot)
  if (status !== lastStatus) {
    lastStatus = status
    void router.invalidate()
  }
})

/**
 * The page's own code (its route chunks), the styles (frame.ts) and the namespaces of its texts
 * (dictionaries.ts) it waits for download while its language loads, not once the router starts:
 * one round trip less before it shows. Not for a guarded page without a stored token, whose
 * guard sends the person to /signin.
 */
const preloadPage = () => {
  const [routes] = router.getMatchedRoutes(window.location.pathname)
  let signedOut = true
  try {
    signedOut = localStorage.getItem(accessTokenKey) === null
  } catch {
    // Storage refused: the guard will tell.
  }
  if (signedOut && routes.some((route) => route.options.beforeLoad === requireSession)) return
  for (const route of routes) void router.loadRouteChunk(route)?.catch(() => undefined)
  void frameFor(window.location.pathname).catch(() => undefined)
  void dictionariesFor(routes.map((route) => route.options)).catch(() => undefined)
}

const root = document.getElementById("root")
const locale = startLocale()
if (root) {
  // The page shows once its language is loaded (one small file), so no text flashes in another.
  const languageLoaded = loadLocale(locale)
  preloadPage()
  void languageLoaded.then(() =>
    createRoot(root).render(
      <StrictMode>
        <AppProviders locale={locale}>
          <SessionContext.Provider value={session}>
            <RouterProvider router={router} />
          </SessionContext.Provider>
          <Suspense fallback={null}>
            <ServiceWorkerPrompt />
          </Suspense>
        </AppProviders>
      </StrictMode>,
    ),
  )
}
