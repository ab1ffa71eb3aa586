// Size: one chart of 8 states and 10 described transitions: one configuration, kept whole.
/**
 * The machine open at /machines/{id}: loading it with what its page shows, deleting it.
 *
 * Input: { id }.
 * Events the view sends:
 * - `machinePage.refresh`: reload after a failure.
 * - `machinePage.updated` { machine }: the edit form saved it and holds the server's answer.
 * - `machinePage.askDelete`, `machinePage.cancelDelete`, `machinePage.confirmDelete`: the
 *   confirmation before deleting (permanent: its box history and grants go too; the server
 *   checks deleteMachine).
 * Read: `notFound` (404: not visible to the person, never leaked), `failed` (`context.error`,
 * e.g. 'forbidden' for a member without seeMachines), `ready` with `context.page` (the machine,
 * the grant rows the person may read, its box history or null when that could not be read),
 * `{ ready: 'confirmingDelete' }`, `deleted` (final), the tag `busy`.
 * Named actions the view provides: `notifyDeleted`, `navigateToList` (once deleted).
 */
import { assign, setup } from "xstate"
import type { MachineId } from "../../schema/ids"
import type { Machine, UserAccess } from "../../schema/machine"
import type { MessageCode } from "../../schema/messages"
import { errorTag } from "../lib/form"
import { assignError, errorParams, unbound } from "../lib/kit"

/**
 * What the page shows: the machine and the grant rows the person may read on it (their own among
 * them, empty when unreadable). The box history is the assignments tab's own chart (boxHistory).
 */
export interface MachinePageData {
  readonly machine: Machine
  readonly access: ReadonlyArray<UserAccess>
}

export type MachinePageEvent =
  | { type: "machinePage.refresh" }
  | { type: "machinePage.updated"; machine: Machine }
  | { type: "machinePage.askDelete" }
  | { type: "machinePage.cancelDelete" }
  | { type: "machinePage.confirmDelete" }

export interface MachinePageContext {
  readonly id: MachineId
  readonly page: MachinePageData | null
  readonly error: MessageCode | null
}

export const machinePageMachine = setup({
  types: {
    context: {} as MachinePageContext,
    events: {} as MachinePageEvent,
    input: {} as { id: MachineId },
  },
  actors: {
    loadMachine: unbound<MachinePageData, MachineId>(),
    deleteMachine: unbound<void, MachineId>(),
  },
  guards: {
    isNotFound: ({ event }) => errorTag((event as { error?: unknown }).error) === "NotFound",
  },
  actions: {
    assignPage: assign((_, page: MachinePageData) => ({ page, error: null })),
    assignError: assignError(),
    forgetError: assign({ error: null }),
    /** Provided by the view: a notification says the machine is deleted. */
    notifyDeleted: () => {},
    /** Provided by the view: back to the machines list. */
    navigateToList: () => {},
    assignMachine: assign(({ context }, machine: Machine) => ({
      page: context.page === null ? null : { ...context.page, machine },
    })),
  },
}).createMachine({
  id: "machinePage",
  description: "One machine's page: its header, its tabs, its deletion.",
  context: ({ input }) => ({ id: input.id, page: null, error: null }),
  initial: "loading",
  states: {
    loading: {
      description: "Asking the server for the machine.",
      tags: ["busy"],
      invoke: {
        id: "loadMachine",
        src: "loadMachine",
        input: ({ context }) => context.id,
        onDone: {
          description: "The machine is visible to the person.",
          target: "ready",
          actions: { type: "assignPage", params: ({ event }) => event.output },
        },
        onError: [
          { description: "Not visible to the person (404).", guard: "isNotFound", target: "notFound" },
          {
            description: "Refused (seeMachines missing) or unreachable: the message shows.",
            target: "failed",
            actions: { type: "assignError", params: errorParams },
          },
        ],
      },
    },
    ready: {
      description: "The machine is shown with its tabs.",
      initial: "idle",
      on: {
        "machinePage.updated": {
          description: "The edit form saved it: show the new version.",
          actions: { type: "assignMachine", params: ({ event }) => event.machine },
        },
      },
      states: {
        idle: {
          description: "Nothing under way.",
          on: {
            "machinePage.askDelete": {
              description: "Say what deleting it takes with it.",
              target: "confirmingDelete",
              actions: "forgetError",
            },
          },
        },
        confirmingDelete: {
          description: "The confirmation says deleting is permanent and takes its box history and grants.",
          on: {
            "machinePage.cancelDelete": { description: "Keep it.", target: "idle", actions: "forgetError" },
            "machinePage.confirmDelete": { description: "Delete it.", target: "deleting" },
          },
        },
        deleting: {
          description: "Deleting the machine.",
          tags: ["busy"],
          invoke: {
            id: "deleteMachine",
            src: "deleteMachine",
            input: ({ context }) => context.id,
            onDone: {
              description: "Deleted.",
              target: "#machinePage.deleted",
              actions: ["notifyDeleted", "navigateToList"],
            },
            onError: {
              description: "Refused (deleteMachine missing) or unreachable: the confirmation shows why.",
              target: "confirmingDelete",
              actions: { type: "assignError", params: errorParams },
            },
          },
        },
      },
    },
    notFound: { description: "Not visible to the person.", type: "final" },
    failed: {
      description: "The machine could not be shown.",
      on: { "machinePage.refresh": { description: "Try again.", target: "loading" } },
    },
    deleted: { description: "Deleted: the person goes back to the list.", type: "final" },
  },
})
