// Size: one chart of 7 states and 11 described transitions: one configuration, kept whole.
/**
 * A structure's machines (GET /machines?cluster=) and, for the one opened, who holds which
 * grant on it (GET /machines/{id}/users_access; PUT .../users_access/{userId} { grants }).
 *
 * Input: { clusterId }.
 * Events the view sends:
 * - `machineAccess.open` { machineId }: show that machine's grants panel.
 * - `machineAccess.close`: back to the list.
 * - `machineAccess.save` { userId, grants }: one person's grants on the open machine (empty
 *   removes them).
 * - `machineAccess.retry`: reload after a failure.
 * Read: `context.machines` (sorted by name), `context.machineId` and `context.access` (rows:
 * user + grants, sorted by name) in `{ ready: 'open' }`, `context.saved`, `context.error`
 * ('forbidden', 'associationNotAllowed', ...), `failed`, the tag `busy`.
 */
import { assign, setup } from "xstate"
import type { ClusterId, MachineId, UserId } from "../../schema/ids"
import type { MachineSummary, UserAccess } from "../../schema/machine"
import type { MessageCode } from "../../schema/messages"
import type { Grant } from "../../schema/rights"
import { assignError, errorParams, unbound } from "../lib/kit"

export interface AccessSave {
  readonly machineId: MachineId
  readonly userId: UserId
  readonly grants: ReadonlyArray<Grant>
}

export type MachineAccessEvent =
  | { type: "machineAccess.open"; machineId: MachineId }
  | { type: "machineAccess.close" }
  | { type: "machineAccess.save"; userId: UserId; grants: ReadonlyArray<Grant> }
  | { type: "machineAccess.retry" }

export interface MachineAccessContext {
  readonly clusterId: ClusterId
  readonly machines: ReadonlyArray<MachineSummary> | null
  readonly machineId: MachineId | null
  readonly access: ReadonlyArray<UserAccess> | null
  readonly pending: AccessSave | null
  readonly saved: boolean
  readonly error: MessageCode | null
}

const openTransition = {
  description: "Open a machine's grants.",
  target: "#machineAccess.ready.loadingAccess",
  actions: "assignMachine",
} as const

export const machineAccessMachine = setup({
  types: {
    context: {} as MachineAccessContext,
    events: {} as MachineAccessEvent,
    input: {} as { clusterId: ClusterId },
  },
  actors: {
    loadMachines: unbound<ReadonlyArray<MachineSummary>, ClusterId>(),
    loadAccess: unbound<ReadonlyArray<UserAccess>, MachineId>(),
    saveAccess: unbound<UserAccess, AccessSave>(),
  },
  actions: {
    assignMachines: assign((_, machines: ReadonlyArray<MachineSummary>) => ({ machines, error: null })),
    assignMachine: assign(({ event }) =>
      event.type === "machineAccess.open"
        ? { machineId: event.machineId, access: null, saved: false, error: null }
        : {},
    ),
    assignAccess: assign((_, access: ReadonlyArray<UserAccess>) => ({ access })),
    assignPending: assign(({ context, event }) =>
      event.type === "machineAccess.save" && context.machineId !== null
        ? {
            pending: { machineId: context.machineId, userId: event.userId, grants: event.grants },
            saved: false,
            error: null,
          }
        : {},
    ),
    accessSaved: assign(({ context }, row: UserAccess) => ({
      saved: true,
      access: context.access?.map((r) => (r.user.id === row.user.id ? row : r)) ?? null,
    })),
    closeMachine: assign({ machineId: null, access: null, saved: false, error: null }),
    assignError: assignError(),
  },
}).createMachine({
  id: "machineAccess",
  description: "A structure's machines and the grants people hold on each.",
  context: ({ input }) => ({
    clusterId: input.clusterId,
    machines: null,
    machineId: null,
    access: null,
    pending: null,
    saved: false,
    error: null,
  }),
  initial: "loading",
  states: {
    loading: {
      description: "Loading the structure's machines.",
      tags: ["busy"],
      invoke: {
        id: "loadMachines",
        src: "loadMachines",
        input: ({ context }) => context.clusterId,
        onDone: {
          description: "The machines arrived.",
          target: "ready",
          actions: { type: "assignMachines", params: ({ event }) => event.output },
        },
        onError: {
          description: "Refused (seeMachines missing) or unreachable.",
          target: "failed",
          actions: { type: "assignError", params: errorParams },
        },
      },
    },
    failed: {
      description: "The machines could not be loaded.",
      on: { "machineAccess.retry": { description: "Try again.", target: "loading" } },
    },
    ready: {
      description: "The machines are listed.",
      initial: "list",
      states: {
        list: {
          description: "No machine open.",
          on: { "machineAccess.open": openTransition },
        },
        loadingAccess: {
          description: "Loading who holds which grant on the machine.",
          tags: ["busy"],
          invoke: {
            id: "loadAccess",
            src: "loadAccess",
            input: ({ context }) => context.machineId as MachineId,
            onDone: {
              description: "The rows arrived.",
              target: "open",
              actions: { type: "assignAccess", params: ({ event }) => event.output },
            },
            onError: {
              description: "Refused or unreachable: back to the list with the message.",
              target: "list",
              actions: [{ type: "closeMachine" }, { type: "assignError", params: errorParams }],
            },
          },
        },
        open: {
          description: "The machine's grants panel is open.",
          on: {
            "machineAccess.open": openTransition,
            "machineAccess.close": {
              description: "Close the panel.",
              target: "list",
              actions: "closeMachine",
            },
            "machineAccess.save": {
              description: "Save one person's grants.",
              target: "saving",
              actions: "assignPending",
            },
          },
        },
        saving: {
          description: "Sending one person's grants.",
          tags: ["busy"],
          invoke: {
            id: "saveAccess",
            src: "saveAccess",
            input: ({ context }) => context.pending as AccessSave,
            onDone: {
              description: "Saved: the row shows the server's answer.",
              target: "open",
              actions: { type: "accessSaved", params: ({ event }) => event.output },
            },
            onError: {
              description: "Refused (not managing, person out of reach) or unreachable.",
              target: "open",
              actions: { type: "assignError", params: errorParams },
            },
          },
        },
      },
    },
  },
})
