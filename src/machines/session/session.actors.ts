import { fromCallback, fromPromise } from "xstate"
import { lazyEffect, whenLoaded } from "../../services/lazy"
import { accessTokenKey } from "../../services/tokenStorage"
import { type SessionEvent, sessionMachine } from "./session"

/**
 * Tells the chart when the ApiClient gave up refreshing the token (storage already cleared); a
 * refreshed token needs no telling, the ApiClient keeps it. Only the ApiClient refreshes, so
 * listening starts when it is loaded; nothing is loaded for it.
 */
const watchTokens = fromCallback<SessionEvent>(({ sendBack }) => {
  let unsubscribe = () => {}
  const cancel = whenLoaded((live) => {
    unsubscribe = live.subscribeTokens((event) => {
      if (event.type === "expired") sendBack({ type: "session.expired" })
    })
  })
  return () => {
    cancel()
    unsubscribe()
  }
})

export const liveSessionMachine = sessionMachine.provide({
  actors: {
    // A signed-out visit only reads storage: the ApiClient is loaded when a call needs it.
    readStoredToken: fromPromise(async () => globalThis.localStorage.getItem(accessTokenKey)),
    storeTokens: lazyEffect((live, tokens) => live.auth.storeTokens(tokens)),
    loadProfile: lazyEffect((live) => live.auth.getMeAtStart),
    logout: lazyEffect((live) => live.auth.logout),
    watchTokens,
  },
})
