import { lazyEffect } from "../../services/lazy"
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
