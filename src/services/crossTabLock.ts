import { Effect, type Exit } from "effect"

/**
 * Runs `effect` holding the named Web Lock, which every tab of this origin shares; where the
 * browser has no Web Locks it simply runs (one tab's own requests are already serialised).
 * Interrupting the caller does not release the lock early: the effect finishes first.
 */
export const withCrossTabLock = <A, E>(name: string, effect: Effect.Effect<A, E>): Effect.Effect<A, E> => {
  const locks = (globalThis.navigator as Navigator | undefined)?.locks
  if (!locks) return effect
  // `request` resolves with what the callback's promise resolves to (TypeScript's DOM types nest it).
  const held = () =>
    locks.request(name, () => Effect.runPromiseExit(effect)) as unknown as Promise<Exit.Exit<A, E>>
  return Effect.promise(held).pipe(Effect.flatten)
}
