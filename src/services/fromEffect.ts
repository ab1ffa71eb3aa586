import { Cause, type Effect, Exit, type ManagedRuntime, Option } from "effect"
import { fromPromise, type PromiseActorLogic } from "xstate"

/**
 * Runs `(input) => Effect` as an XState promise actor. The actor's abort signal interrupts the
 * Effect (leaving the state cancels the request), and a failure rejects with the typed error
 * itself (not a FiberFailure), so guards can match on `_tag`.
 */
export const makeFromEffect =
  <R>(runtime: ManagedRuntime.ManagedRuntime<R, unknown>) =>
  <A, I = void, E = unknown>(run: (input: I) => Effect.Effect<A, E, R>): PromiseActorLogic<A, I> =>
    fromPromise<A, I>(async ({ input, signal }) => {
      const exit = await runtime.runPromiseExit(run(input), { signal })
      if (Exit.isSuccess(exit)) return exit.value
      throw Option.getOrElse(Cause.failureOption(exit.cause), () => Cause.squash(exit.cause))
    })
