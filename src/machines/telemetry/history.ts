/**
 * A machine's position history (SPEC §1 dashboard, §7 `machinesGeolocation/history/{id}`): its
 * trace over a period, in segments split where its box fell silent, for the history map.
 *
 * Input: `{ machine, start, end }` (ISO instants: the period shown first).
 * Events the view sends:
 * - `history.show` (`start`, `end`: ISO instants): read another period (from any state; a period
 *   still loading is dropped).
 * - `history.retry`: load the same period again after a failure.
 * Read: `loading`; `shown` (`context.trace`: at least one point); `empty` (nothing over the
 * period); `failed` (`context.error`); `context.period`: the period asked last.
 */
import { assign, setup } from "xstate"
import type { MachineId } from "../../schema/ids"
import type { MessageCode } from "../../schema/messages"
import type { HistoryTrace } from "../../schema/positions"
import { assignError, errorParams, unbound } from "../lib/kit"

export interface HistoryPeriod {
  readonly start: string
  readonly end: string
}

export interface HistoryQuery extends HistoryPeriod {
  readonly machine: MachineId
}

export type HistoryEvent = ({ type: "history.show" } & HistoryPeriod) | { type: "history.retry" }

export interface HistoryContext {
  readonly machine: MachineId
  readonly period: HistoryPeriod
  /** The trace of the period last answered (null while loading another, or after a failure). */
  readonly trace: HistoryTrace | null
  readonly error: MessageCode | null
}

/** A trace holds a point to draw. */
export const hasPoints = (trace: HistoryTrace): boolean => trace.segments.some((s) => s.points.length > 0)

export const historyMachine = setup({
  types: {
    context: {} as HistoryContext,
    events: {} as HistoryEvent,
    input: {} as HistoryQuery,
  },
  actors: {
    loadTrace: unbound<HistoryTrace, HistoryQuery>(),
  },
  actions: {
    assignPeriod: assign((_, period: HistoryPeriod) => ({ period, trace: null, error: null })),
    assignTrace: assign((_, trace: HistoryTrace) => ({ trace, error: null })),
    assignError: assignError<HistoryContext, HistoryEvent>(() => ({ trace: null })),
  },
  guards: {
    hasPoints: (_, trace: HistoryTrace) => hasPoints(trace),
  },
}).createMachine({
  id: "history",
  description: "A machine's trace over a period, for its history map.",
  context: ({ input }) => ({
    machine: input.machine,
    period: { start: input.start, end: input.end },
    trace: null,
    error: null,
  }),
  initial: "loading",
  states: {
    loading: {
      description: "Asking the server for the period's trace.",
      tags: ["busy"],
      invoke: {
        id: "loadTrace",
        src: "loadTrace",
        input: ({ context }) => ({ machine: context.machine, ...context.period }),
        onDone: [
          {
            description: "The trace arrived, with positions to draw.",
            guard: { type: "hasPoints", params: ({ event }) => event.output },
            target: "shown",
            actions: { type: "assignTrace", params: ({ event }) => event.output },
          },
          {
            description: "The trace arrived without a single position over the period.",
            target: "empty",
            actions: { type: "assignTrace", params: ({ event }) => event.output },
          },
        ],
        onError: {
          description:
            "Refused (a period the server does not take, a machine no longer seen) or unreachable.",
          target: "failed",
          actions: { type: "assignError", params: errorParams },
        },
      },
    },
    shown: { description: "The trace is on the map, with its replay." },
    empty: { description: "No position over the period: said plainly, no map." },
    failed: {
      description: "The trace could not be loaded: the message, and a retry.",
      on: { "history.retry": { description: "Try the same period again.", target: "loading" } },
    },
  },
  on: {
    "history.show": {
      description: "Read another period (a period still loading is dropped).",
      target: ".loading",
      reenter: true,
      actions: { type: "assignPeriod", params: ({ event }) => ({ start: event.start, end: event.end }) },
    },
  },
})

export type HistoryMachine = typeof historyMachine
