// Size: one chart of 9 states and 17 described transitions: one configuration, kept whole.
/**
 * One box-to-machine association (SPEC §4): active until its end date has passed, then ended
 * (a past association never changes). While active its dates can be edited and it can be ended
 * now; either way it can be deleted, permanently, after a confirmation.
 *
 * Input: { association, now } (`now` in epoch milliseconds: what "past" is measured against).
 * Events the view sends:
 * - `association.edit`: open the dates form (active only; a past one answers
 *   `modificationNotAllowed`, as the server would).
 * - `association.save` { start_date, end_date }: the new dates (end null: open-ended).
 * - `association.cancel`: close the form or the delete confirmation.
 * - `association.end`: ask to end it now (only while it is current: started and not yet ended);
 *   `association.confirm` ends it (a past association can no longer change), `association.cancel`
 *   keeps it.
 * - `association.delete`: ask to delete; `association.confirm`: delete for good.
 * Read: `context.association` (the server's latest answer), `context.error`,
 * `editing`/`confirming`/`confirmingEnd` states, the tag `busy`; the final state `deleted`.
 * Named action the view provides: `tellChanged` (the server accepted a change or the deletion:
 * the lists reload their boxes).
 */
import { DateTime } from "effect"
import { assign, setup } from "xstate"
import type { AssociationEdit, CounterAssociation } from "../../schema/counter"
import type { AssociationId } from "../../schema/ids"
import type { MessageCode } from "../../schema/messages"
import { assignError, errorParams, unbound } from "../lib/kit"

export type AssociationEvent =
  | { type: "association.edit" }
  | { type: "association.save"; start_date: DateTime.Utc; end_date: DateTime.Utc | null }
  | { type: "association.cancel" }
  | { type: "association.end" }
  | { type: "association.delete" }
  | { type: "association.confirm" }

export interface AssociationContext {
  readonly association: CounterAssociation
  readonly now: number
  readonly pending: AssociationEdit | null
  readonly error: MessageCode | null
}

export interface AssociationChange {
  readonly id: AssociationId
  readonly edit: AssociationEdit
}

/** Ended: its end date has passed (an association without end is treated as ending in 2150). */
export const isPast = (a: CounterAssociation, now: number): boolean =>
  a.end_date !== null && a.end_date.epochMillis <= now
/** Current: started, not yet ended (a future one has not started). */
export const isCurrent = (a: CounterAssociation, now: number): boolean =>
  a.start_date.epochMillis <= now && !isPast(a, now)

const deleteAsked = {
  description: "Ask to confirm the permanent deletion.",
  target: "confirming",
  actions: "clearError",
} as const

export const associationMachine = setup({
  types: {
    context: {} as AssociationContext,
    events: {} as AssociationEvent,
    input: {} as { association: CounterAssociation; now: number },
  },
  actors: {
    editAssociation: unbound<CounterAssociation, AssociationChange>(),
    deleteAssociation: unbound<void, AssociationId>(),
  },
  guards: {
    isPast: ({ context }) => isPast(context.association, context.now),
    isCurrent: ({ context }) => isCurrent(context.association, context.now),
    endsAfterStart: ({ event }) =>
      event.type === "association.save" &&
      (event.end_date === null || DateTime.greaterThan(event.end_date, event.start_date)),
  },
  actions: {
    clearError: assign({ error: null }),
    assignDates: assign(({ event }) =>
      event.type === "association.save"
        ? { pending: { start_date: event.start_date, end_date: event.end_date }, error: null }
        : {},
    ),
    assignEndNow: assign(({ context }) => ({
      pending: { end_date: DateTime.unsafeMake(context.now) },
      error: null,
    })),
    endBeforeStart: assign({ error: "endBeforeStart" as MessageCode }),
    pastUnchangeable: assign({ error: "modificationNotAllowed" as MessageCode }),
    assignAnswer: assign((_, association: CounterAssociation) => ({ association, pending: null })),
    assignError: assignError(() => ({ pending: null })),
    /** Provided by the view: the server accepted a change or the deletion. */
    tellChanged: () => {},
  },
}).createMachine({
  id: "association",
  description: "A box on a machine for a period: active, then ended; dates edited; deleted.",
  context: ({ input }) => ({
    association: input.association,
    now: input.now,
    pending: null,
    error: null,
  }),
  initial: "deciding",
  states: {
    deciding: {
      description: "Past or not, measured against now.",
      always: [
        { description: "Its end date has passed.", guard: "isPast", target: "ended" },
        { description: "Current or future.", target: "active" },
      ],
    },
    active: {
      description: "Current or future: the dates can change, it can end now or be deleted.",
      on: {
        "association.edit": { description: "Open the dates form.", target: "editing", actions: "clearError" },
        "association.end": {
          description: "Ask to confirm ending it now (only a current one).",
          guard: "isCurrent",
          target: "confirmingEnd",
          actions: "clearError",
        },
        "association.delete": deleteAsked,
      },
    },
    editing: {
      description: "The dates form is open.",
      on: {
        "association.save": [
          {
            description: "Valid dates: send them.",
            guard: "endsAfterStart",
            target: "saving",
            actions: "assignDates",
          },
          { description: "The end is not after the start: say so.", actions: "endBeforeStart" },
        ],
        "association.cancel": { description: "Close the form.", target: "active", actions: "clearError" },
      },
    },
    saving: {
      description: "Sending the new dates (or the end now).",
      tags: ["busy"],
      invoke: {
        id: "editAssociation",
        src: "editAssociation",
        input: ({ context }) => ({
          id: context.association.id,
          edit: context.pending as AssociationEdit,
        }),
        onDone: {
          description: "Saved: shows the server's answer, past or not.",
          target: "deciding",
          actions: [{ type: "assignAnswer", params: ({ event }) => event.output }, "tellChanged"],
        },
        onError: {
          description: "Refused (overlap, past, right) or unreachable: the message shows.",
          target: "deciding",
          actions: { type: "assignError", params: errorParams },
        },
      },
    },
    ended: {
      description: "Past: never changes again; it can still be deleted.",
      on: {
        "association.edit": {
          description: "A past association never changes: says so and stays.",
          actions: "pastUnchangeable",
        },
        "association.end": {
          description: "Already ended: says so and stays.",
          actions: "pastUnchangeable",
        },
        "association.delete": deleteAsked,
      },
    },
    confirmingEnd: {
      description: "Asking: once ended, the association is past and can no longer change.",
      on: {
        "association.confirm": {
          description: "End it now.",
          target: "saving",
          actions: "assignEndNow",
        },
        "association.cancel": { description: "Keep it running.", target: "deciding" },
      },
    },
    confirming: {
      description: "Asking: deletion is permanent and deletes the linked data.",
      on: {
        "association.confirm": { description: "Delete for good.", target: "deleting" },
        "association.cancel": { description: "Keep it.", target: "deciding" },
      },
    },
    deleting: {
      description: "Deleting it and its linked data.",
      tags: ["busy"],
      invoke: {
        id: "deleteAssociation",
        src: "deleteAssociation",
        input: ({ context }) => context.association.id,
        onDone: { description: "Deleted.", target: "deleted", actions: "tellChanged" },
        onError: {
          description: "Refused or unreachable: it stays, with the message.",
          target: "deciding",
          actions: { type: "assignError", params: errorParams },
        },
      },
    },
    deleted: { description: "Gone, with its linked data.", type: "final" },
  },
})
