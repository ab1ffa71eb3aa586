import { fromCallback } from "xstate"
import * as auth from "../services/auth"
import { fromEffect, runtime } from "../services/runtime"
import { TokenStore } from "../services/tokenStore"
import { type SessionEvent, sessionMachine } from "./session"

/** Tells the chart when the ApiClient refreshed the token or gave up (storage already cleared). */
const watchTokens = fromCallback<SessionEvent>(({ sendBack }) =>
  runtime
    .runSync(TokenStore)
    .subscribe((event) =>
      sendBack(
        event.type === "expired"
          ? { type: "session.expired" }
          : { type: "session.tokenRefreshed", token: event.token },
      ),
    ),
)

export const liveSessionMachine = sessionMachine.provide({
  actors: {
    readStoredToken: fromEffect(() => auth.readStoredToken),
    storeTokens: fromEffect(auth.storeTokens),
    loadProfile: fromEffect(() => auth.getMe),
    logout: fromEffect(() => auth.logout),
    watchTokens,
  },
})
