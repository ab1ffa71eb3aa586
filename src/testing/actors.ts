import { type AnyStateMachine, fromCallback, fromPromise } from "xstate"

/**
 * Provides named actors as stand-ins: the given ones resolve with their value (given the actor's
 * input), the rest never answer.
 */
export const withActors = <M extends AnyStateMachine>(
  machine: M,
  answers: Record<string, (args: { input: never }) => Promise<unknown>> = {},
): M =>
  machine.provide({
    actors: Object.fromEntries(
      Object.keys(machine.implementations.actors).map((name) => [
        name,
        answers[name] ? fromPromise(answers[name]) : fromCallback(() => {}),
      ]),
    ),
  }) as M
