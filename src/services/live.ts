/**
 * Everything the charts' actors need at run time: the Effect runtime, the ApiClient and the calls.
 * Loaded on first use through `lazy.ts`, so a signed-out first visit paints without it. Each
 * domain's calls (and the contract of its groups) download when one of them first runs: a screen
 * loads its own domains, not every domain of the product.
 */
import type { Effect } from "effect"
import { lazyModule } from "./lazyModule"
import { runTyped } from "./runTyped"
import { type AppServices, runtime } from "./runtime"
import { type TokenEvent, TokenStore } from "./tokenStore"

export const activities = lazyModule(() => import("./activities"), ["productTypes"])
export const announcements = lazyModule(() => import("./announcements"))
export * as auth from "./auth"
export const bookings = lazyModule(() => import("./bookings"))
export const bookingUse = lazyModule(() => import("./bookingUse"))
export const canbus = lazyModule(() => import("./canbus"))
export const clusters = lazyModule(() => import("./clusters"), ["list"])
export const counters = lazyModule(
  () => import("./counters"),
  ["list", "bleTags", "adminUsers", "adminCounters", "adminBleTags"],
)
export const dashboard = lazyModule(() => import("./dashboard"))
export const fields = lazyModule(() => import("./fields"))
export const maintenance = lazyModule(() => import("./maintenance"))
export const machines = lazyModule(() => import("./machines"), ["brands", "categories", "productTypes"])
export const membership = lazyModule(
  () => import("./membership"),
  ["myInvitations", "notifications", "markAllRead", "inbox", "unreadCount"],
)
export const overview = lazyModule(() => import("./overview"))
export const telemetry = lazyModule(() => import("./telemetry"))
export const usage = lazyModule(() => import("./usage"))
export const vegetation = lazyModule(() => import("./vegetation"))

export const run = <A, E>(effect: Effect.Effect<A, E, AppServices>, signal: AbortSignal): Promise<A> =>
  runTyped(runtime, effect, signal)

export const subscribeTokens = (listener: (event: TokenEvent) => void): (() => void) =>
  runtime.runSync(TokenStore).subscribe(listener)
