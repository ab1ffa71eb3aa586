/**
 * What every chart repeats, defined once: its unbound actors (the `.actors.ts` binds them), the
 * `params` of a done or error transition, the action keeping a failed call's message, and a
 * screen's first load (`loading` → `ready` | `failed`).
 */
import { assign, type EventObject, fromCallback, fromPromise, type NonReducibleUnknown } from "xstate"
import type { MessageCode } from "../../schema/messages"
import { errorCode } from "./errors"

const notBound = () => Promise.reject(new Error("unbound actor: the chart's .actors.ts provides it"))

/** A call the chart names in `setup({ actors })`; its `.actors.ts` (the live chart) binds it. */
export const unbound = <Output, Input = NonReducibleUnknown>() => fromPromise<Output, Input>(notBound)

/** A subscription the chart names; unbound, it listens to nothing and never answers. */
export const unboundCallback = <Event extends EventObject>() => fromCallback<Event>(() => undefined)

/** The `params` of an action or guard on `xstate.error.actor.<id>`: the error itself. */
export const errorParams = ({ event }: { event: { error: unknown } }) => event.error

/** The `params` of an action on `xstate.done.actor.<id>`: the actor's output. */
const outputParams = <Output>({ event }: { event: { output: Output } }) => event.output

/** Keeps the message code of a failed call in `context.error`; `reset` clears what was pending. */
export const assignError = <
  Context extends { readonly error: MessageCode | null },
  Event extends EventObject,
>(
  reset: (error: unknown) => NoInfer<Partial<Context>> = () => ({}),
) =>
  assign<Context, Event, unknown, Event, never>((_, error) => ({ ...reset(error), error: errorCode(error) }))

/** The failure of a call that has no answer of its own: `failed`, with the message. */
const unreachable = {
  description: "Unreachable.",
  target: "failed",
  actions: { type: "assignError", params: errorParams },
} as const

interface FirstLoad<Src extends string, Action extends string, Retry extends string> {
  /** The actor that loads, and the action its output goes to. */
  readonly src: Src
  readonly assign: Action
  /** The event that tries again after a failure. */
  readonly retry: Retry
  /** The descriptions: while loading, once loaded, after a failure. */
  readonly loading: string
  readonly done: string
  readonly failed: string
}

/**
 * A screen's first load: `loading` (busy) invokes `src`; its output goes to the `assign` action
 * and on to `ready`; unreachable, the message goes to `failed`, which `retry` leaves for `loading`.
 * `onError` replaces the failure transition (an admin screen also tells `forbidden` apart).
 */
export const firstLoad = <
  const Src extends string,
  const Action extends string,
  const Retry extends string,
  const OnError = typeof unreachable,
>(
  load: FirstLoad<Src, Action, Retry>,
  onError?: OnError,
) => ({
  loading: {
    description: load.loading,
    tags: ["busy"],
    invoke: {
      id: load.src,
      src: load.src,
      onDone: {
        description: load.done,
        target: "ready",
        actions: { type: load.assign, params: outputParams },
      },
      onError: onError ?? unreachable,
    },
  },
  failed: {
    description: load.failed,
    on: { [load.retry]: { description: "Try again.", target: "loading" } } as Record<
      Retry,
      { readonly description: string; readonly target: "loading" }
    >,
  },
})
