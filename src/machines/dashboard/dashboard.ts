/**
 * A machine's dashboard (docs/dashboards.md): a period's figures, series, states, speed bands,
 * percentiles and last values, as the server reads them from the rollups.
 *
 * Input: `DashboardAsk` (the machine, the first period, the series and its width).
 * Events the view sends:
 * - `dashboard.show` (`ask`): another period or series (from any state; one still loading is dropped).
 * - `dashboard.retry`: load the same again after a failure.
 * Read: `loading`; `shown` (`context.answer`); `failed` (`context.error`); `context.ask`: the last asked.
 */
import { assign, setup } from "xstate"
import type { MessageCode } from "../../schema/messages"
import type { DashboardAnswer, DashboardAsk } from "../../services/dashboard"

export type { DashboardAnswer, DashboardAsk }

import { assignError, errorParams, unbound } from "../lib/kit"

export type DashboardEvent = { type: "dashboard.show"; ask: DashboardAsk } | { type: "dashboard.retry" }

export interface DashboardContext {
  readonly ask: DashboardAsk
  /** The answer to `ask` (null while loading, or after a failure). */
  readonly answer: DashboardAnswer | null
  readonly error: MessageCode | null
}

export const dashboardMachine = setup({
  types: {
    context: {} as DashboardContext,
    events: {} as DashboardEvent,
    input: {} as DashboardAsk,
  },
  actors: {
    loadDashboard: unbound<DashboardAnswer, DashboardAsk>(),
  },
  actions: {
    assignAsk: assign((_, ask: DashboardAsk) => ({ ask, answer: null, error: null })),
    assignAnswer: assign((_, answer: DashboardAnswer) => ({ answer, error: null })),
    assignError: assignError<DashboardContext, DashboardEvent>(() => ({ answer: null })),
  },
}).createMachine({
  id: "dashboard",
  description: "A machine's dashboard over a period, as the server reads it from the rollups.",
  context: ({ input }) => ({ ask: input, answer: null, error: null }),
  initial: "loading",
  states: {
    loading: {
      description: "Asking the server for the period's figures and charts.",
      tags: ["busy"],
      invoke: {
        id: "loadDashboard",
        src: "loadDashboard",
        input: ({ context }) => context.ask,
        onDone: {
          description: "The figures arrived (zero and empty where the boxes sent nothing).",
          target: "shown",
          actions: { type: "assignAnswer", params: ({ event }) => event.output },
        },
        onError: {
          description:
            "Refused (a period the server does not take, a machine no longer seen) or unreachable.",
          target: "failed",
          actions: { type: "assignError", params: errorParams },
        },
      },
    },
    shown: { description: "The figures and charts of the period." },
    failed: {
      description: "The dashboard could not be loaded: the message, and a retry.",
      on: { "dashboard.retry": { description: "Try the same again.", target: "loading" } },
    },
  },
  on: {
    "dashboard.show": {
      description: "Read another period or series (one still loading is dropped).",
      target: ".loading",
      reenter: true,
      actions: { type: "assignAsk", params: ({ event }) => event.ask },
    },
  },
})

export type DashboardMachine = typeof dashboardMachine
