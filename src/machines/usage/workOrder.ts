/**
 * The work order (bon de travail, SPEC §2 machines/{id}/work_order, docs/work-order.md): the
 * activities a person ticked, written by the server as a PDF and handed to the browser to save.
 *
 * Events the view sends:
 * - `workOrder.make` (`ask`): print these activities of the machine with these remarks, in this
 *   language, times in this zone (from any state but while one is being made).
 * Read: `idle`; `making` (busy); `made` (`context.file`: the name it was saved as); `failed`
 * (`context.error`).
 */
import { assign, setup } from "xstate"
import type { ActivityId, MachineId } from "../../schema/ids"
import type { MessageCode } from "../../schema/messages"
import type { Locale } from "../../schema/user"
import { assignError, errorParams, unbound } from "../lib/kit"

export interface WorkOrderAsk {
  readonly machine: MachineId
  /** The machine's name, for the file's. */
  readonly machineName: string
  readonly activities: ReadonlyArray<ActivityId>
  readonly note: string
  readonly lang: Locale
  readonly zone: string
}

export type WorkOrderEvent = { type: "workOrder.make"; ask: WorkOrderAsk }

export interface WorkOrderContext {
  /** The last order asked (null before any). */
  readonly asked: WorkOrderAsk | null
  /** The name the last order was saved as. */
  readonly file: string | null
  readonly error: MessageCode | null
}

const make = {
  "workOrder.make": {
    description: "Print these activities as a work order.",
    target: "#workOrder.making",
    actions: { type: "assignAsk" as const, params: ({ event }: { event: WorkOrderEvent }) => event.ask },
  },
}

export const workOrderMachine = setup({
  types: { context: {} as WorkOrderContext, events: {} as WorkOrderEvent },
  actors: { makeWorkOrder: unbound<string, WorkOrderAsk>() },
  actions: {
    assignAsk: assign((_, asked: WorkOrderAsk) => ({ asked, file: null, error: null })),
    assignFile: assign((_, file: string) => ({ file })),
    assignError: assignError<WorkOrderContext, WorkOrderEvent>(),
  },
}).createMachine({
  id: "workOrder",
  description: "A work order of the activities ticked, printed as a PDF and saved.",
  context: { asked: null, file: null, error: null },
  initial: "idle",
  states: {
    idle: { description: "Nothing printed yet.", on: make },
    making: {
      description: "The server writes the PDF; the browser saves it.",
      tags: ["busy"],
      invoke: {
        id: "makeWorkOrder",
        src: "makeWorkOrder",
        input: ({ context }) => context.asked as WorkOrderAsk,
        onDone: {
          description: "The PDF was handed to the browser under this name.",
          target: "made",
          actions: { type: "assignFile", params: ({ event }) => event.output },
        },
        onError: {
          description:
            "Refused (an activity no longer the machine's, a right lost) or unreachable: the message.",
          target: "failed",
          actions: { type: "assignError", params: errorParams },
        },
      },
    },
    made: { description: "Saved; another order may be printed.", on: make },
    failed: { description: "Not printed: the message; another try may be asked.", on: make },
  },
})

export type WorkOrderMachine = typeof workOrderMachine
