/**
 * A box history: the associations of one machine (GET /machines/{id}/associations) or of one
 * box (GET /counters/{id}/associations), newest first.
 *
 * Input: { source: { machine } | { counter } }.
 * Events the view sends: `boxHistory.refresh` (after a change: reload, keeping the list shown),
 * `boxHistory.retry` (after a failure).
 * Read: `context.associations` (null until loaded), `context.error`, `failed`, the tag `busy`.
 */
import { assign, setup } from "xstate"
import type { CounterAssociation } from "../../schema/counter"
import type { CounterId, MachineId } from "../../schema/ids"
import type { MessageCode } from "../../schema/messages"
import { assignError, errorParams, unbound } from "../lib/kit"

export type HistorySource = { readonly machine: MachineId } | { readonly counter: CounterId }

export type BoxHistoryEvent = { type: "boxHistory.refresh" } | { type: "boxHistory.retry" }

export interface BoxHistoryContext {
  readonly source: HistorySource
  readonly associations: ReadonlyArray<CounterAssociation> | null
  readonly error: MessageCode | null
}

export const boxHistoryMachine = setup({
  types: {
    context: {} as BoxHistoryContext,
    events: {} as BoxHistoryEvent,
    input: {} as { source: HistorySource },
  },
  actors: {
    loadAssociations: unbound<ReadonlyArray<CounterAssociation>, HistorySource>(),
  },
  actions: {
    assignAssociations: assign((_, associations: ReadonlyArray<CounterAssociation>) => ({
      associations,
      error: null,
    })),
    assignError: assignError(),
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
          actions: { type: "assignError", params: errorParams },
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
