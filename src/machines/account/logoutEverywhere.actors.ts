import { lazyEffect } from "../../services/lazy"
import { logoutEverywhereMachine } from "./logoutEverywhere"

export const liveLogoutEverywhereMachine = logoutEverywhereMachine.provide({
  actors: { endAllSessions: lazyEffect((live) => live.auth.logoutEverywhere) },
})
