import { lazyEffect, loadLive } from "../../services/lazy"
import { accessTokenKey } from "../../services/tokenStorage"
import { fieldIndexMachine } from "./fieldIndex"

export const liveFieldIndexMachine = fieldIndexMachine.provide({
  actors: { loadIndex: lazyEffect((live) => live.fields.index()) },
})

/** What each request for the map's tiles carries: the access token, read at each request. */
export const liveTileHeaders = (): Record<string, string> => {
  const token = globalThis.localStorage?.getItem(accessTokenKey)
  return token ? { Authorization: `JWT ${token}` } : {}
}

/**
 * After the map's tiles were refused (the access token expired while the map stayed open): one
 * call through the ApiClient, which refreshes the token as for any call (or signs the person out
 * when it cannot). Resolves either way.
 */
export const liveTileRenew = (): Promise<void> =>
  loadLive()
    .then((live) => live.run(live.auth.getMe, new AbortController().signal))
    .then(
      () => undefined,
      () => undefined,
    )
