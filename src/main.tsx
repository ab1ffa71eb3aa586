import "./views/app/styles"
import { createRouter, RouterProvider } from "@tanstack/react-router"
import { StrictMode } from "react"
import { createRoot } from "react-dom/client"
import { createActor } from "xstate"
import { loadLocale, startLocale } from "./i18n/locale"
import { liveSessionMachine } from "./machines/session/session.actors"
import { routeTree } from "./routeTree.gen"
import { AppProviders } from "./views/app/AppProviders"
import { ServiceWorkerPrompt } from "./views/pwa/ServiceWorkerPrompt"
import { SessionContext, statusOf } from "./views/session/session"

const session = createActor(liveSessionMachine).start()

const router = createRouter({
  routeTree,
  context: { session },
  defaultPreload: "intent",
  scrollRestoration: true,
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

const root = document.getElementById("root")
const locale = startLocale()
if (root) {
  // The page shows once its language is loaded (one small file), so no text flashes in another.
  void loadLocale(locale).then(() =>
    createRoot(root).render(
      <StrictMode>
        <AppProviders locale={locale}>
          <SessionContext.Provider value={session}>
            <RouterProvider router={router} />
          </SessionContext.Provider>
          <ServiceWorkerPrompt />
        </AppProviders>
      </StrictMode>,
    ),
  )
}
