import type { Tokens } from "../schema/auth"
import { forgetKeptIndex } from "./keptIndexName"

/** SPEC §3: the access token is stored locally under `jwt`. */
export const accessTokenKey = "jwt"
export const refreshTokenKey = "refreshToken"

/** What the session chart hears: a refreshed token, or a refresh that failed. */
export type TokenEvent = { readonly type: "refreshed"; readonly token: string } | { readonly type: "expired" }

export interface TokenStoreShape {
  readonly token: () => string | null
  readonly refreshToken: () => string | null
  /** Stores both tokens (sign-in); listeners are not told, the chart already knows. */
  readonly set: (tokens: Tokens) => void
  /** Stores both tokens after a refresh and tells listeners. */
  readonly refreshed: (tokens: Tokens) => void
  /** SPEC §4: clears ALL local storage (theme and language included). */
  readonly clear: () => void
  /** The refresh failed: clear everything and tell listeners the session expired. */
  readonly expire: () => void
  readonly subscribe: (listener: (event: TokenEvent) => void) => () => void
}

/**
 * Tokens live in local storage only, read at each use: every tab of the app shares them, so a
 * refresh made in one tab serves the others (a stale copy would present a used refresh token,
 * which the server takes for theft and answers by revoking the family). Another tab's changes
 * arrive as `storage` events: a new access token is told as "refreshed", a cleared one as
 * "expired" (that tab signed out or its refresh failed).
 */
export const makeTokenStore = (
  storage: Storage,
  events: EventTarget | undefined = globalThis,
): TokenStoreShape => {
  const listeners = new Set<(event: TokenEvent) => void>()
  const notify = (event: TokenEvent) => {
    for (const listener of [...listeners]) listener(event)
  }
  const set = (tokens: Tokens) => {
    storage.setItem(accessTokenKey, tokens.token)
    storage.setItem(refreshTokenKey, tokens.refreshToken)
  }
  const clear = () => {
    storage.clear()
    forgetKeptIndex()
  }
  events?.addEventListener?.("storage", (event) => {
    const { key, newValue, storageArea } = event as StorageEvent
    if (storageArea !== storage || (key !== null && key !== accessTokenKey)) return
    if (newValue === null) notify({ type: "expired" })
    else notify({ type: "refreshed", token: newValue })
  })
  return {
    token: () => storage.getItem(accessTokenKey),
    refreshToken: () => storage.getItem(refreshTokenKey),
    set,
    refreshed: (tokens) => {
      set(tokens)
      notify({ type: "refreshed", token: tokens.token })
    },
    clear,
    expire: () => {
      clear()
      notify({ type: "expired" })
    },
    subscribe: (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}
