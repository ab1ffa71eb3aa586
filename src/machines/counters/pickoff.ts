/**
 * The public pick-off page of a machine (/machines/{id}/pickoff, the sticker on it): which
 * machine it is (GET /public/machines/{id}, no sign-in), then, signed in, removing its box
 * (POST /machines/{id}/pickoff ends the current association now).
 *
 * Input: { machine }. Events the view sends: `pickoff.remove` (signed in only: asks first, the
 * state `confirming`), `pickoff.confirm`, `pickoff.cancel`, `pickoff.retry`.
 * Read: `context.machine` (the public view, null until loaded), `context.ended` (the association
 * ended), `context.error` (a refusal: noBoxOnMachine, forbidden, ...), the states `unknown`
 * (no such machine), `failed`, `shown`, `removed`, the tag `busy`.
 */
import { assign, setup } from "xstate"
import type { CounterAssociation } from "../../schema/counter"
import type { MachineId } from "../../schema/ids"
import type { PublicMachine } from "../../schema/machine"
import type { MessageCode } from "../../schema/messages"
import { errorTag } from "../lib/form"
import { assignError, errorParams, unbound } from "../lib/kit"

export type PickoffEvent =
  | { type: "pickoff.remove" }
  | { type: "pickoff.confirm" }
  | { type: "pickoff.cancel" }
  | { type: "pickoff.retry" }

export interface PickoffContext {
  readonly id: MachineId
  readonly machine: typeof PublicMachine.Type | null
  readonly ended: CounterAssociation | null
  readonly error: MessageCode | null
}

export const pickoffMachine = setup({
  types: {
    context: {} as PickoffContext,
    events: {} as PickoffEvent,
    input: {} as { machine: MachineId },
  },
  actors: {
    loadMachine: unbound<typeof PublicMachine.Type, MachineId>(),
    pickoff: unbound<CounterAssociation, MachineId>(),
  },
  guards: { notFound: (_, error: unknown) => errorTag(error) === "NotFound" },
  actions: {
    assignError: assignError(),
  },
}).createMachine({
  id: "pickoff",
  description: "A machine's public pick-off page.",
  context: ({ input }) => ({ id: input.machine, machine: null, ended: null, error: null }),
  initial: "loading",
  states: {
    loading: {
      description: "Finding which machine this is.",
      tags: ["busy"],
      invoke: {
        id: "loadMachine",
        src: "loadMachine",
        input: ({ context }) => context.id,
        onDone: {
          description: "The machine and its structure.",
          target: "shown",
          actions: assign(({ event }) => ({ machine: event.output, error: null })),
        },
        onError: [
          {
            description: "No such machine.",
            guard: { type: "notFound", params: errorParams },
            target: "unknown",
          },
          {
            description: "Unreachable.",
            target: "failed",
            actions: {
              type: "assignError",
              params: errorParams,
            },
          },
        ],
      },
    },
    unknown: { description: "The machine does not exist." },
    failed: {
      description: "The machine could not be loaded.",
      on: { "pickoff.retry": { description: "Try again.", target: "loading" } },
    },
    shown: {
      description: "The machine is shown; a signed-in person may remove its box.",
      on: {
        "pickoff.remove": {
          description: "Ask before ending the box's current association (it can never change afterwards).",
          target: "confirming",
          actions: assign({ error: null }),
        },
      },
    },
    confirming: {
      description: "Asking to confirm removing the box, naming it and the machine.",
      on: {
        "pickoff.confirm": { description: "End the box's current association now.", target: "removing" },
        "pickoff.cancel": { description: "Keep the box on the machine.", target: "shown" },
      },
    },
    removing: {
      description: "Removing the box.",
      tags: ["busy"],
      invoke: {
        id: "pickoff",
        src: "pickoff",
        input: ({ context }) => context.id,
        onDone: {
          description: "The box is off the machine.",
          target: "removed",
          actions: assign(({ event }) => ({ ended: event.output })),
        },
        onError: {
          description: "Refused (no box on it, the right missing) or unreachable.",
          target: "shown",
          actions: { type: "assignError", params: errorParams },
        },
      },
    },
    removed: { description: "The box was removed.", type: "final" },
  },
})
