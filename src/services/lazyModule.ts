import { Effect } from "effect"

/** Any function answering an Effect (every parameter list is assignable to `never[]`). */
type Call = (...args: never[]) => Effect.Effect<unknown, unknown, unknown>

/**
 * What a service module offers once wrapped by `lazyModule`: its functions answering an Effect,
 * and the Effect constants named in `Constants`; anything else is left out (its type is absent,
 * so a caller cannot reach it without loading the module).
 */
export type LazyCalls<M, Constants extends PropertyKey = never> = {
  readonly [K in keyof M as M[K] extends Call ? K : K extends Constants ? K : never]: M[K]
}

/**
 * A service module's calls without loading it: each call (or named Effect constant) is an Effect
 * that downloads the module the first time it runs, then runs the real one. A screen thus loads
 * the contract of the domains it calls, and no other (`src/services/live.ts`).
 */
export const lazyModule = <M extends object, const Constants extends ReadonlyArray<keyof M & string> = []>(
  load: () => Promise<M>,
  constants?: Constants,
): LazyCalls<M, Constants[number]> => {
  const module = Effect.promise(load)
  const named = new Set<PropertyKey>(constants ?? [])
  return new Proxy({} as LazyCalls<M, Constants[number]>, {
    get: (_, key) => {
      if (typeof key !== "string" || key === "then") return undefined
      const pick = (m: M) => (m as Record<string, unknown>)[key]
      return named.has(key)
        ? Effect.flatMap(module, (m) => pick(m) as Effect.Effect<unknown, unknown, unknown>)
        : (...args: ReadonlyArray<unknown>) =>
            Effect.flatMap(module, (m) =>
              (pick(m) as (...args: ReadonlyArray<unknown>) => Effect.Effect<unknown, unknown, unknown>)(
                ...args,
              ),
            )
    },
  })
}
