/**
 * A box history: the associations of one machine (GET /machines/{id}/associations) or of one
 * box (GET /counters/{id}/associations), newest first.
 *
 * Input: { source: { machine } | { counter } }.
 * Events the view sends: `boxHistory.refresh` (after a change: reload, keeping the list shown),
 * `boxHistory.retry` (after a failure).
 * Read: `context.associations` (null until loaded), `context.error`, `failed`, the tag `busy`.
 */
import { assign, fromPromise, setup } from "xstate"
import type { CounterAssociation } from "../../schema/counter"
import type { CounterId, MachineId } from "../../schema/ids"
import type { MessageCode } from "../../schema/messages"
import { errorCode } from "../lib/form"

export type HistorySource = { readonly machine: MachineId } | { readonly counter: CounterId }

export type BoxHistoryEvent = { type: "boxHistory.refresh" } | { type: "boxHistory.retry" }

export interface BoxHistoryContext {
  readonly source: HistorySource
  readonly associations: ReadonlyArray<CounterAssociation> | null
  readonly error: MessageCode | null
}

const rejectUnbound = () => Promise.reject(new Error("bound in counters.boxHistory.actors.ts"))

export const boxHistoryMachine = setup({
  types: {
    context: {} as BoxHistoryContext,
    events: {} as BoxHistoryEvent,
    input: {} as { source: HistorySource },
  },
  actors: {
    loadAssociations: fromPromise<ReadonlyArray<CounterAssociation>, HistorySource>(rejectUnbound),
  },
  actions: {
    assignAssociations: assign((_, associations: ReadonlyArray<CounterAssociation>) => ({
      associations,
      error: null,
    })),
    assignError: assign((_, error: unknown) => ({ error: errorCode(error) })),
  },
}).createMachine({
  id: "boxHistory",
  description: "A machine's or a box's associations, newest first.",
  context: ({ input }) => ({ source: input.source, associations: null, error: null }),
  initial: "loading",
  states: {
    loading: {
      description: "Loading the associations.",
      tags: ["busy"],
      invoke: {
        id: "loadAssociations",
        src: "loadAssociations",
        input: ({ context }) => context.source,
        onDone: {
          description: "The associations arrived.",
          target: "ready",
          actions: { type: "assignAssociations", params: ({ event }) => event.output },
        },
        onError: {
          description: "Refused or unreachable.",
          target: "failed",
          actions: { type: "assignError", params: ({ event }: { event: { error: unknown } }) => event.error },
        },
      },
    },
    failed: {
      description: "The associations could not be loaded.",
      on: { "boxHistory.retry": { description: "Try again.", target: "loading" } },
    },
    ready: {
      description: "The associations are listed.",
      on: { "boxHistory.refresh": { description: "Reload after a change.", target: "loading" } },
    },
  },
})
