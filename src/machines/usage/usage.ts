/**
 * How much, over what period (docs/usage.md): a machine's use by day, week or month
 * (machines/{id}/usages), a machine's analyses (machines/{id}/analyses) or a field's season
 * (fields/{idField}/analyses), as the server's one aggregation answers it. One chart for all:
 * each screen provides its own `loadUsage`.
 *
 * Input: `UsageAsk` (the subject — a machine or a field — and the first period asked).
 * Events the view sends:
 * - `usage.show` (`ask`): read another period or bucket (from any state; one still loading is dropped).
 * - `usage.retry`: load the same again after a failure.
 * Read: `loading`; `shown` (`context.usage`); `failed` (`context.error`); `context.ask`: the last asked.
 */
import { assign, setup } from "xstate"
import type { MessageCode } from "../../schema/messages"
import type { FieldAnalysis, MachineAnalysis, MachineUsage, UsageBucket } from "../../schema/usage"
import { assignError, errorParams, unbound } from "../lib/kit"

export interface UsageAsk {
  /** The machine or the field. */
  readonly subject: string
  /** The period [start, end), ISO instants. */
  readonly start: string
  readonly end: string
  readonly bucket: UsageBucket
  /** The time zone its days are read in. */
  readonly tz: string
}

export type UsageAnswer = MachineUsage | FieldAnalysis | MachineAnalysis

export type UsageEvent = { type: "usage.show"; ask: UsageAsk } | { type: "usage.retry" }

export interface UsageContext {
  readonly ask: UsageAsk
  /** The answer to `ask` (null while loading, or after a failure). */
  readonly usage: UsageAnswer | null
  readonly error: MessageCode | null
}

export const usageMachine = setup({
  types: {
    context: {} as UsageContext,
    events: {} as UsageEvent,
    input: {} as UsageAsk,
  },
  actors: {
    loadUsage: unbound<UsageAnswer, UsageAsk>(),
  },
  actions: {
    assignAsk: assign((_, ask: UsageAsk) => ({ ask, usage: null, error: null })),
    assignUsage: assign((_, usage: UsageAnswer) => ({ usage, error: null })),
    assignError: assignError<UsageContext, UsageEvent>(() => ({ usage: null })),
  },
}).createMachine({
  id: "usage",
  description: "A machine's use or a field's season over a period, as the server sums it.",
  context: ({ input }) => ({ ask: input, usage: null, error: null }),
  initial: "loading",
  states: {
    loading: {
      description: "Asking the server for the figures of the period.",
      tags: ["busy"],
      invoke: {
        id: "loadUsage",
        src: "loadUsage",
        input: ({ context }) => context.ask,
        onDone: {
          description: "The figures arrived (zero where nothing was done).",
          target: "shown",
          actions: { type: "assignUsage", params: ({ event }) => event.output },
        },
        onError: {
          description:
            "Refused (a period the server does not take, a subject no longer seen) or unreachable.",
          target: "failed",
          actions: { type: "assignError", params: errorParams },
        },
      },
    },
    shown: { description: "The charts and totals of the period." },
    failed: {
      description: "The figures could not be loaded: the message, and a retry.",
      on: { "usage.retry": { description: "Try the same again.", target: "loading" } },
    },
  },
  on: {
    "usage.show": {
      description: "Read another period or bucket (one still loading is dropped).",
      target: ".loading",
      reenter: true,
      actions: { type: "assignAsk", params: ({ event }) => event.ask },
    },
  },
})

export type UsageMachine = typeof usageMachine
