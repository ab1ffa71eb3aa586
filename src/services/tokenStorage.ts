import type { Tokens } from "../schema"

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
  /** SPEC §4: clears ALL local storage (theme and language included) and the in-memory copy. */
  readonly clear: () => void
  /** The refresh failed: clear everything and tell listeners the session expired. */
  readonly expire: () => void
  readonly subscribe: (listener: (event: TokenEvent) => void) => () => void
}

export const makeTokenStore = (storage: Storage): TokenStoreShape => {
  let token = storage.getItem(accessTokenKey)
  let refreshToken = storage.getItem(refreshTokenKey)
  const listeners = new Set<(event: TokenEvent) => void>()
  const notify = (event: TokenEvent) => {
    for (const listener of [...listeners]) listener(event)
  }
  const set = (tokens: Tokens) => {
    token = tokens.token
    refreshToken = tokens.refreshToken
    storage.setItem(accessTokenKey, tokens.token)
    storage.setItem(refreshTokenKey, tokens.refreshToken)
  }
  const clear = () => {
    token = null
    refreshToken = null
    storage.clear()
  }
  return {
    token: () => token,
    refreshToken: () => refreshToken,
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
