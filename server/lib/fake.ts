import { type Context, Effect, Layer } from "effect"

/**
 * A test layer for a service from the members a test needs (DESIGN: fakes are partial): any other
 * method dies when called, naming itself, so a test learns at once what else it touches.
 */
export const partialFake = <I, S extends object>(
  tag: Context.Tag<I, S>,
  members: Partial<S>,
): Layer.Layer<I> =>
  Layer.succeed(
    tag,
    new Proxy(members as S, {
      get: (target, key) =>
        typeof key === "symbol" || key in target
          ? Reflect.get(target, key)
          : () => Effect.dieMessage(`${tag.key}.${key} is not faked in this test`),
    }),
  )
