import { Layer, ManagedRuntime } from "effect"
import { ApiClient } from "./apiClient"
import { TokenStore } from "./tokenStore"

/** The browser's one runtime: every Effect the charts invoke runs here (through `lazyEffect`). */
export const AppLayer = Layer.mergeAll(ApiClient.Default, TokenStore.Default)
export type AppServices = ApiClient | TokenStore
export const runtime = ManagedRuntime.make(AppLayer)
