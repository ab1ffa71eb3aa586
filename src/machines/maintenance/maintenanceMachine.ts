/**
 * The "Machines" tab of maintenance (docs/maintenance.md): one machine at a time, its counters,
 * where each of its rules stands and the maintenance done on it, newest first. Whoever manages
 * the machine enters a counter read on it (the count runs from there) and deletes an action
 * recorded by mistake, after a confirmation.
 *
 * Events the view sends:
 * - `machine.retry`: load again after a failure.
 * - `machine.pick` { machine }: show that machine (once the list is read).
 * - `reading.save` { counter, value, date }: a counter read (`value` as typed, `date` ISO or "");
 *   a field's problem lands in `context.errors` and nothing is sent.
 * - `action.remove` { id }: ask to delete that action; `action.confirm` deletes it,
 *   `action.cancel` keeps it.
 * Read: `listing`, `listFailed`, `choosing`, `loading`, `failed`, `ready`, `savingReading`,
 * `confirming`, `removing`; `context.machines`, `context.machine`, `context.detail`, `context.actions`,
 * `context.removing` (the action asked about), `context.errors`, `context.error`, `context.saved`
 * ("reading" or "removed"); the tag `busy`.
 */
import { type ActorRefFrom, assign, setup } from "xstate"
import type { MachineId, MaintenanceActionId } from "../../schema/ids"
import type { MachineSummary } from "../../schema/machine"
import {
  type MachineMaintenance,
  type MaintenanceAction,
  type ReadableCounter,
  ReadingForm,
} from "../../schema/maintenance"
import type { MessageCode } from "../../schema/messages"
import { type FieldErrors, validate } from "../lib/form"
import { assignError, errorParams, unbound } from "../lib/kit"

/** A counter read as typed. */
export interface ReadingValues {
  readonly counter: ReadableCounter
  readonly value: string
  readonly date: string
}

export type MaintenanceMachineEvent =
  | { type: "machine.retry" }
  | { type: "machine.pick"; machine: MachineId }
  | ({ type: "reading.save" } & ReadingValues)
  | { type: "action.remove"; id: MaintenanceActionId }
  | { type: "action.confirm" }
  | { type: "action.cancel" }

/** One machine's maintenance: its counters and rules, and the actions done, newest first. */
export interface MachineSheet {
  readonly detail: MachineMaintenance
  readonly actions: ReadonlyArray<MaintenanceAction>
}

export interface MaintenanceMachineContext {
  readonly machines: ReadonlyArray<MachineSummary> | null
  readonly machine: MachineId | null
  readonly sheet: MachineSheet | null
  readonly removing: MaintenanceActionId | null
  readonly errors: FieldErrors
  readonly error: MessageCode | null
  readonly saved: "reading" | "removed" | null
}

/** What the reading call is given. */
export interface ReadingSave {
  readonly machine: MachineId
  readonly counter: ReadableCounter
  readonly value: number
  /** ISO instant. */
  readonly date: string
}

const readingOf = (e: ReadingValues) => validate(ReadingForm, { ...e })
const cleared = { errors: {}, error: null, saved: null }

export const maintenanceMachineMachine = setup({
  types: {
    context: {} as MaintenanceMachineContext,
    events: {} as MaintenanceMachineEvent,
  },
  actors: {
    loadMachines: unbound<ReadonlyArray<MachineSummary>, void>(),
    loadSheet: unbound<MachineSheet, MachineId>(),
    addReading: unbound<MachineSheet, ReadingSave>(),
    removeAction: unbound<MachineSheet, { machine: MachineId; id: MaintenanceActionId }>(),
  },
  guards: {
    picked: ({ context }) => context.machine !== null,
    validReading: ({ event }) => event.type === "reading.save" && readingOf(event).ok,
  },
  actions: {
    assignSheet: assign((_, sheet: MachineSheet) => ({ sheet })),
    assignError: assignError<MaintenanceMachineContext, MaintenanceMachineEvent>(),
  },
}).createMachine({
  id: "maintenanceMachine",
  description: "One machine's counters, rules and maintenance done; readings entered, mistakes deleted.",
  context: { machines: null, machine: null, sheet: null, removing: null, ...cleared },
  initial: "listing",
  on: {
    "machine.pick": {
      description: "Show a machine (once the list is read).",
      guard: ({ context }) => context.machines !== null,
      target: ".loading",
      actions: assign(({ event }) => ({ machine: event.machine, sheet: null, removing: null, ...cleared })),
    },
  },
  states: {
    listing: {
      description: "Reading the machines the person sees.",
      tags: ["busy"],
      invoke: {
        id: "loadMachines",
        src: "loadMachines",
        onDone: {
          description: "Listed: the person picks one (the view picks the one in the address).",
          target: "choosing",
          actions: assign(({ event }) => ({ machines: event.output })),
        },
        onError: {
          description: "Unreachable.",
          target: "listFailed",
          actions: { type: "assignError", params: errorParams },
        },
      },
    },
    listFailed: {
      description: "The machines could not be read: the message, and a retry.",
      on: { "machine.retry": { description: "Try again.", target: "listing" } },
    },
    choosing: { description: "No machine picked yet." },
    loading: {
      description: "Reading the machine's counters, rules and actions.",
      tags: ["busy"],
      invoke: {
        id: "loadSheet",
        src: "loadSheet",
        input: ({ context }) => context.machine as MachineId,
        onDone: {
          description: "Shown.",
          target: "ready",
          actions: { type: "assignSheet", params: ({ event }) => event.output },
        },
        onError: {
          description: "Refused (not a machine the person sees) or unreachable.",
          target: "failed",
          actions: { type: "assignError", params: errorParams },
        },
      },
    },
    failed: {
      description: "The machine could not be read: the message, and a retry.",
      on: { "machine.retry": { description: "Try again.", target: "loading" } },
    },
    ready: {
      description: "The machine is shown; a reading may be typed, a deletion asked about.",
      on: {
        "reading.save": [
          {
            description: "The reading reads right: send it.",
            guard: "validReading",
            target: "savingReading",
            actions: assign(cleared),
          },
          {
            description: "A field is wrong: say which, send nothing.",
            actions: assign(({ event }) => {
              const result = readingOf(event)
              return { ...cleared, errors: result.ok ? {} : result.errors }
            }),
          },
        ],
        "action.remove": {
          description: "Ask to confirm deleting an action.",
          target: "confirming",
          actions: assign(({ event }) => ({ removing: event.id, ...cleared })),
        },
      },
    },
    confirming: {
      description: "Asking whether to delete the action for good.",
      on: {
        "action.cancel": {
          description: "Keep the action.",
          target: "ready",
          actions: assign({ removing: null, error: null }),
        },
        "action.confirm": { description: "Delete it.", target: "removing", actions: assign(cleared) },
      },
    },
    savingReading: {
      description: "Recording the reading, then reading the machine again.",
      tags: ["busy"],
      invoke: {
        id: "addReading",
        src: "addReading",
        input: ({ context, event }) => {
          const { counter, value, date } = event as ReadingValues
          return {
            machine: context.machine as MachineId,
            counter,
            value: Number(value.trim()),
            date: new Date(date).toISOString(),
          }
        },
        onDone: {
          description: "Recorded: the counters count from it.",
          target: "ready",
          actions: [
            { type: "assignSheet", params: ({ event }) => event.output },
            assign({ saved: "reading" as const }),
          ],
        },
        onError: {
          description: "Refused (a date to come, the right withdrawn) or unreachable.",
          target: "ready",
          actions: { type: "assignError", params: errorParams },
        },
      },
    },
    removing: {
      description: "Deleting the action, then reading the machine again.",
      tags: ["busy"],
      invoke: {
        id: "removeAction",
        src: "removeAction",
        input: ({ context }) => ({
          machine: context.machine as MachineId,
          id: context.removing as MaintenanceActionId,
        }),
        onDone: {
          description: "Deleted: the rule counts from the action before it.",
          target: "ready",
          actions: [
            { type: "assignSheet", params: ({ event }) => event.output },
            assign({ removing: null, saved: "removed" as const }),
          ],
        },
        onError: {
          description: "Refused or unreachable: the confirmation stays with the message.",
          target: "confirming",
          actions: { type: "assignError", params: errorParams },
        },
      },
    },
  },
})

export type MaintenanceMachineMachine = typeof maintenanceMachineMachine
export type MaintenanceMachineActor = ActorRefFrom<MaintenanceMachineMachine>
