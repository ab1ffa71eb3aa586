/**
 * The boxes of the person's structures (GET /counters), sorted by id, with battery, last
 * communication and the machine each is on now.
 *
 * Events the view sends: `counters.refresh` (after an association changed), `counters.retry`.
 * Read: `context.counters` (null until loaded), `context.error`, `failed`, the tag `busy`.
 */
import { assign, setup } from "xstate"
import type { Counter } from "../../schema/counter"
import type { MessageCode } from "../../schema/messages"
import { assignError, firstLoad, unbound } from "../lib/kit"

export type CountersEvent = { type: "counters.refresh" } | { type: "counters.retry" }

export interface CountersContext {
  readonly counters: ReadonlyArray<Counter> | null
  readonly error: MessageCode | null
}

export const countersMachine = setup({
  types: { context: {} as CountersContext, events: {} as CountersEvent },
  actors: { loadCounters: unbound<ReadonlyArray<Counter>>() },
  actions: {
    assignCounters: assign((_, counters: ReadonlyArray<Counter>) => ({ counters, error: null })),
    assignError: assignError(),
  },
}).createMachine({
  id: "counters",
  description: "The boxes of the person's structures.",
  context: { counters: null, error: null },
  initial: "loading",
  states: {
    ...firstLoad({
      src: "loadCounters",
      assign: "assignCounters",
      retry: "counters.retry",
      loading: "Loading the boxes.",
      done: "The boxes arrived.",
      failed: "The boxes could not be loaded.",
    }),
    ready: {
      description: "The boxes are listed.",
      on: { "counters.refresh": { description: "Reload after a change.", target: "loading" } },
    },
  },
})
