import { Cause, type Effect, Exit, type ManagedRuntime, Option } from "effect"

/**
 * Runs an Effect to a promise: the abort signal interrupts it, and a failure rejects with the
 * typed error itself (not a FiberFailure), so guards can match on `_tag`.
 */
export const runTyped = async <A, E, R>(
  runtime: ManagedRuntime.ManagedRuntime<R, unknown>,
  effect: Effect.Effect<A, E, R>,
  signal: AbortSignal,
): Promise<A> => {
  const exit = await runtime.runPromiseExit(effect, { signal })
  if (Exit.isSuccess(exit)) return exit.value
  throw Option.getOrElse(Cause.failureOption(exit.cause), () => Cause.squash(exit.cause))
}
