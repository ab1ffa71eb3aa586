/**
 * Removal mode of the phone boxes page (/counterMobile?remove=1, the home card "Retirer un
 * boîtier"): the boxes on a machine now (GET /counters), one chosen, a confirmation, then its
 * current association ends now (POST /machines/{id}/pickoff) and the list reloads.
 *
 * Events the view sends: `removal.pick` { counter } (a box on a machine), `removal.confirm`,
 * `removal.cancel`, `removal.retry` (after a failed load).
 * Read: `context.counters` (null until loaded; every box, the view keeps those on a machine),
 * `context.chosen` (the box being confirmed or removed), `context.removed` (the last box removed
 * and the machine it left), `context.error`, the states `failed`, `ready`, `confirming`, the tag
 * `busy`.
 */
import { assign, setup } from "xstate"
import type { Counter, CounterAssociation } from "../../schema/counter"
import type { CounterId, MachineId } from "../../schema/ids"
import type { MessageCode } from "../../schema/messages"
import { assignError, errorParams, firstLoad, unbound } from "../lib/kit"

export type RemovalEvent =
  | { type: "removal.pick"; counter: CounterId }
  | { type: "removal.confirm" }
  | { type: "removal.cancel" }
  | { type: "removal.retry" }

export interface Removed {
  readonly counter: CounterId
  readonly machine: string
}

export interface RemovalContext {
  readonly counters: ReadonlyArray<Counter> | null
  readonly chosen: Counter | null
  readonly removed: Removed | null
  readonly error: MessageCode | null
}

/** The boxes on a machine now: the only ones a removal applies to. */
export const onAMachine = (counters: ReadonlyArray<Counter>): ReadonlyArray<Counter> =>
  counters.filter((c) => c.machine !== null)

export const removalMachine = setup({
  types: { context: {} as RemovalContext, events: {} as RemovalEvent },
  actors: {
    loadCounters: unbound<ReadonlyArray<Counter>>(),
    pickoff: unbound<CounterAssociation, MachineId>(),
  },
  guards: {
    onAMachine: ({ context, event }) =>
      event.type === "removal.pick" &&
      (context.counters ?? []).some((c) => c.id === event.counter && c.machine !== null),
  },
  actions: {
    assignCounters: assign((_, counters: ReadonlyArray<Counter>) => ({ counters, error: null })),
    assignError: assignError(),
  },
}).createMachine({
  id: "removal",
  description: "Take a box off its machine: the boxes on a machine, a confirmation, the removal.",
  context: { counters: null, chosen: null, removed: null, error: null },
  initial: "loading",
  states: {
    ...firstLoad({
      src: "loadCounters",
      assign: "assignCounters",
      retry: "removal.retry",
      loading: "Loading the boxes.",
      done: "The boxes arrived.",
      failed: "The boxes could not be loaded.",
    }),
    ready: {
      description: "The boxes on a machine are listed, each with its removal button.",
      on: {
        "removal.pick": {
          description: "A box on a machine: ask to confirm its removal.",
          guard: "onAMachine",
          target: "confirming",
          actions: assign(({ context, event }) => ({
            chosen: context.counters?.find((c) => c.id === event.counter) ?? null,
            removed: null,
            error: null,
          })),
        },
      },
    },
    confirming: {
      description: "Asking: its association ends now and, once past, can no longer change.",
      on: {
        "removal.confirm": { description: "Remove it.", target: "removing" },
        "removal.cancel": {
          description: "Keep it on its machine.",
          target: "ready",
          actions: assign({ chosen: null }),
        },
      },
    },
    removing: {
      description: "Ending the box's current association now.",
      tags: ["busy"],
      invoke: {
        id: "pickoff",
        src: "pickoff",
        input: ({ context }) => context.chosen?.machine?.id as MachineId,
        onDone: {
          description: "Removed: says which box left which machine, and reloads the boxes.",
          target: "loading",
          actions: assign(({ context, event }) => ({
            removed: { counter: event.output.counter, machine: context.chosen?.machine?.name ?? "" },
            chosen: null,
          })),
        },
        onError: {
          description: "Refused (no box on it any more, the right missing) or unreachable.",
          target: "ready",
          actions: [{ type: "assignError", params: errorParams }, assign({ chosen: null })],
        },
      },
    },
  },
})
