import { Effect } from "effect"
import { makeTokenStore } from "./tokenStorage"

export * from "./tokenStorage"

export class TokenStore extends Effect.Service<TokenStore>()("TokenStore", {
  sync: () => makeTokenStore(globalThis.localStorage),
}) {}
