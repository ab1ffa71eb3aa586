import "./views/app/styles.first"
import { createRouter, RouterProvider } from "@tanstack/react-router"
import { lazy, StrictMode, Suspense } from "react"
import { createRoot } from "react-dom/client"
import { loadLocale, startLocale } from "./i18n/locale"
import { routeTree } from "./routeTree.gen"
import { accessTokenKey } from "./services/tokenStorage"
import { AppProviders } from "./views/app/AppProviders"
import { dictionariesFor } from "./views/app/dictionaries"
import { frameFor } from "./views/app/frame"
import { requireSession } from "./views/session/routeGuards"
import { createSession, SessionContext, sessionFor } from "./views/session/session"
import { RoutePending } from "./views/shell/ShellPending"

// The offline worker is registered once the page has shown, not before.
const ServiceWorkerPrompt = lazy(() =>
  import("./views/pwa/ServiceWorkerPrompt").then((m) => ({ default: m.ServiceWorkerPrompt })),
)

/** Whether a previous visit left a token; storage refused counts as none (the chart did the same). */
const tokenStored = (() => {
  try {
    return localStorage.getItem(accessTokenKey) !== null
  } catch {
    return false
  }
})()

// The session chart starts now only to check a stored token: a signed-out first visit to /signin
// loads it (and XState) with the form's own chart, on first focus or keystroke.
const session = createSession({ restore: tokenStored })

const router = createRouter({
  routeTree,
  context: { session },
  defaultPreload: "intent",
  scrollRestoration: true,
  defaultPendingComponent: RoutePending,
})

declare module "@tanstack/react-router" {
  interface Register {
    router: typeof router
  }
}

// Guards run again whenever the person signs in or out, the profile becomes complete or the
// refresh fails, so a page never stays open to someone it is no longer for.
session.onStatusChange(() => void router.invalidate())

/**
 * The page's own code (its route chunks), the styles (frame.ts), the session chart (session.ts)
 * and the namespaces of its texts (dictionaries.ts) it waits for download while its language loads, not once the router starts:
 * one round trip less before it shows. Not for a guarded page without a stored token, whose
 * guard sends the person to /signin.
 */
const preloadPage = () => {
  const [routes] = router.getMatchedRoutes(window.location.pathname)
  if (!tokenStored && routes.some((route) => route.options.beforeLoad === requireSession)) return
  for (const route of routes) void router.loadRouteChunk(route)?.catch(() => undefined)
  void frameFor(window.location.pathname).catch(() => undefined)
  void sessionFor(session, window.location.pathname).catch(() => undefined)
  void dictionariesFor(routes.map((route) => route.options)).catch(() => undefined)
}

const root = document.getElementById("root")
const locale = startLocale()
if (root) {
  // The page shows once its language is loaded (one small file), so no text flashes in another.
  // The page's code is asked for once the language is there: asked at the same time, half a
  // megabyte of it shared a slow phone's bandwidth with that small file, and the page stayed blank
  // for seconds after /signin would have shown.
  const languageLoaded = loadLocale(locale)
  void languageLoaded.then(preloadPage)
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
