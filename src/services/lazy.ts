import type { Effect } from "effect"
import { fromPromise, type PromiseActorLogic } from "xstate"
import type * as Live from "./live"
import type { AppServices } from "./runtime"

type LiveModule = typeof Live

let loading: Promise<LiveModule> | undefined
let module: LiveModule | undefined
const waiting = new Set<(live: LiveModule) => void>()

/** Loads the runtime and ApiClient once, on first use (most of the JavaScript a sign-in needs). */
export const loadLive = (): Promise<LiveModule> => {
  loading ??= import("./live").then((live) => {
    module = live
    for (const callback of [...waiting]) callback(live)
    waiting.clear()
    return live
  })
  return loading
}

/** Runs `callback` once the live module is there, without loading it; returns a cancel function. */
export const whenLoaded = (callback: (live: LiveModule) => void): (() => void) => {
  if (module) {
    callback(module)
    return () => {}
  }
  waiting.add(callback)
  return () => waiting.delete(callback)
}

/**
 * THE bridge from Effects to actors: every `.actors.ts` binds its chart's calls with it.
 * It runs the Effect that `pick` builds once the live module is loaded; leaving the state aborts
 * it, and a failure rejects with the typed error itself, so guards can match on `_tag`.
 */
export const lazyEffect = <A, I = void>(
  pick: (live: LiveModule, input: I) => Effect.Effect<A, unknown, AppServices>,
): PromiseActorLogic<A, I> =>
  fromPromise<A, I>(async ({ input, signal }) => {
    const live = await loadLive()
    return live.run(pick(live, input), signal)
  })
