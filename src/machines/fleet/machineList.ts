/**
 * The machines the person sees (GET /machines): those of their structures where they hold
 * seeMachines, and those they hold a grant on. Sorted by name by the server.
 *
 * Events the view sends:
 * - `machineList.refresh`: reload (after a failure, or coming back from a change).
 * Read: `ready` with `context.machines`, `failed` (`context.error` holds the message code), the
 * tag `busy`. Searching and filtering by structure happen in the view, over `context.machines`.
 */
import { assign, setup } from "xstate"
import type { MachineSummary } from "../../schema/machine"
import type { MessageCode } from "../../schema/messages"
import { assignError, errorParams, unbound } from "../lib/kit"

export type MachineListEvent = { type: "machineList.refresh" }

export interface MachineListContext {
  readonly machines: ReadonlyArray<MachineSummary> | null
  readonly error: MessageCode | null
}

export const machineListMachine = setup({
  types: { context: {} as MachineListContext, events: {} as MachineListEvent },
  actors: {
    loadMachines: unbound<ReadonlyArray<MachineSummary>>(),
  },
  actions: {
    assignMachines: assign((_, machines: ReadonlyArray<MachineSummary>) => ({ machines, error: null })),
    assignError: assignError(),
  },
}).createMachine({
  id: "machineList",
  description: "The machines the person may see, to search and open.",
  context: { machines: null, error: null },
  initial: "loading",
  states: {
    loading: {
      description: "Asking the server for the machines.",
      tags: ["busy"],
      invoke: {
        id: "loadMachines",
        src: "loadMachines",
        onDone: {
          description: "The machines arrived.",
          target: "ready",
          actions: { type: "assignMachines", params: ({ event }) => event.output },
        },
        onError: {
          description: "Unreachable or refused: the message shows.",
          target: "failed",
          actions: { type: "assignError", params: errorParams },
        },
      },
    },
    ready: {
      description: "The machines are listed.",
      on: { "machineList.refresh": { description: "Reload them.", target: "loading" } },
    },
    failed: {
      description: "The machines could not be loaded.",
      on: { "machineList.refresh": { description: "Try again.", target: "loading" } },
    },
  },
})
