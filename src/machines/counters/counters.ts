/**
 * The boxes of the person's structures (GET /counters), sorted by id, with battery, last
 * communication and the machine each is on now.
 *
 * Events the view sends: `counters.refresh` (after an association changed), `counters.retry`.
 * Read: `context.counters` (null until loaded), `context.error`, `failed`, the tag `busy`.
 */
import { assign, fromPromise, setup } from "xstate"
import type { Counter } from "../../schema/counter"
import type { MessageCode } from "../../schema/messages"
import { errorCode } from "../lib/form"

export type CountersEvent = { type: "counters.refresh" } | { type: "counters.retry" }

export interface CountersContext {
  readonly counters: ReadonlyArray<Counter> | null
  readonly error: MessageCode | null
}

const rejectUnbound = () => Promise.reject(new Error("bound in counters.actors.ts"))

export const countersMachine = setup({
  types: { context: {} as CountersContext, events: {} as CountersEvent },
  actors: { loadCounters: fromPromise<ReadonlyArray<Counter>>(rejectUnbound) },
  actions: {
    assignCounters: assign((_, counters: ReadonlyArray<Counter>) => ({ counters, error: null })),
    assignError: assign((_, error: unknown) => ({ error: errorCode(error) })),
  },
}).createMachine({
  id: "counters",
  description: "The boxes of the person's structures.",
  context: { counters: null, error: null },
  initial: "loading",
  states: {
    loading: {
      description: "Loading the boxes.",
      tags: ["busy"],
      invoke: {
        id: "loadCounters",
        src: "loadCounters",
        onDone: {
          description: "The boxes arrived.",
          target: "ready",
          actions: { type: "assignCounters", params: ({ event }) => event.output },
        },
        onError: {
          description: "Unreachable.",
          target: "failed",
          actions: { type: "assignError", params: ({ event }: { event: { error: unknown } }) => event.error },
        },
      },
    },
    failed: {
      description: "The boxes could not be loaded.",
      on: { "counters.retry": { description: "Try again.", target: "loading" } },
    },
    ready: {
      description: "The boxes are listed.",
      on: { "counters.refresh": { description: "Reload after a change.", target: "loading" } },
    },
  },
})
