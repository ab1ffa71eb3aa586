/**
 * Everything the charts' actors need at run time: the Effect runtime, the ApiClient and the calls.
 * Loaded on first use through `lazy.ts`, so a signed-out first visit paints without it.
 */
import type { Effect } from "effect"
import { runTyped } from "./runTyped"
import { type AppServices, runtime } from "./runtime"
import { type TokenEvent, TokenStore } from "./tokenStore"

export * as activities from "./activities"
export * as announcements from "./announcements"
export * as auth from "./auth"
export * as bookings from "./bookings"
export * as bookingUse from "./bookingUse"
export * as canbus from "./canbus"
export * as clusters from "./clusters"
export * as counters from "./counters"
export * as dashboard from "./dashboard"
export * as fields from "./fields"
export * as machines from "./machines"
export * as membership from "./membership"
export * as overview from "./overview"
export * as telemetry from "./telemetry"
export * as usage from "./usage"
export * as vegetation from "./vegetation"

export const run = <A, E>(effect: Effect.Effect<A, E, AppServices>, signal: AbortSignal): Promise<A> =>
  runTyped(runtime, effect, signal)

export const subscribeTokens = (listener: (event: TokenEvent) => void): (() => void) =>
  runtime.runSync(TokenStore).subscribe(listener)
