/**
 * A machine's activities (SPEC §2 machines/{id}/activities, §3 Activity): what the engine found in
 * its box's traces over a period, newest first, for the activities tab.
 *
 * Input: `{ machine, start, end }` (ISO instants: the period shown first).
 * Events the view sends:
 * - `activities.show` (`start`, `end`: ISO instants): read another period (from any state; a
 *   period still loading is dropped).
 * - `activities.retry`: load the same period again after a failure.
 * - `activities.replace` (`activity`): an activity a person just changed, as the server answered
 *   it, takes the place of the one listed.
 * Read: `loading`; `shown` (`context.activities`: at least one); `empty` (none over the period);
 * `failed` (`context.error`); `context.period`: the period asked last.
 */
import { assign, setup } from "xstate"
import type { Activity } from "../../schema/activity"
import type { MachineId } from "../../schema/ids"
import type { MessageCode } from "../../schema/messages"
import { assignError, errorParams, unbound } from "../lib/kit"

export interface ActivitiesPeriod {
  readonly start: string
  readonly end: string
}

export interface ActivitiesQuery extends ActivitiesPeriod {
  readonly machine: MachineId
}

export type MachineActivitiesEvent =
  | ({ type: "activities.show" } & ActivitiesPeriod)
  | { type: "activities.retry" }
  | { type: "activities.replace"; activity: Activity }

export interface MachineActivitiesContext {
  readonly machine: MachineId
  readonly period: ActivitiesPeriod
  /** The period's activities as last answered (null while loading another, or after a failure). */
  readonly activities: ReadonlyArray<Activity> | null
  readonly error: MessageCode | null
}

export const machineActivitiesMachine = setup({
  types: {
    context: {} as MachineActivitiesContext,
    events: {} as MachineActivitiesEvent,
    input: {} as ActivitiesQuery,
  },
  actors: {
    loadActivities: unbound<ReadonlyArray<Activity>, ActivitiesQuery>(),
  },
  actions: {
    assignPeriod: assign((_, period: ActivitiesPeriod) => ({ period, activities: null, error: null })),
    assignActivities: assign((_, activities: ReadonlyArray<Activity>) => ({ activities, error: null })),
    replaceActivity: assign(({ context }, changed: Activity) => ({
      activities: (context.activities ?? []).map((a) => (a.id === changed.id ? changed : a)),
    })),
    assignError: assignError<MachineActivitiesContext, MachineActivitiesEvent>(() => ({ activities: null })),
  },
  guards: {
    hasActivities: (_, activities: ReadonlyArray<Activity>) => activities.length > 0,
  },
}).createMachine({
  id: "machineActivities",
  description: "A machine's activities over a period, for its activities tab.",
  context: ({ input }) => ({
    machine: input.machine,
    period: { start: input.start, end: input.end },
    activities: null,
    error: null,
  }),
  initial: "loading",
  states: {
    loading: {
      description: "Asking the server for the period's activities.",
      tags: ["busy"],
      invoke: {
        id: "loadActivities",
        src: "loadActivities",
        input: ({ context }) => ({ machine: context.machine, ...context.period }),
        onDone: [
          {
            description: "The period's activities arrived, at least one.",
            guard: { type: "hasActivities", params: ({ event }) => event.output },
            target: "shown",
            actions: { type: "assignActivities", params: ({ event }) => event.output },
          },
          {
            description: "No activity over the period.",
            target: "empty",
            actions: { type: "assignActivities", params: ({ event }) => event.output },
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
    shown: {
      description: "The activities, grouped by day, with the period's totals.",
      on: {
        "activities.replace": {
          description: "A person changed an activity: the server's answer takes its place in the list.",
          actions: { type: "replaceActivity", params: ({ event }) => event.activity },
        },
      },
    },
    empty: { description: "No activity over the period: said plainly, with why." },
    failed: {
      description: "The activities could not be loaded: the message, and a retry.",
      on: { "activities.retry": { description: "Try the same period again.", target: "loading" } },
    },
  },
  on: {
    "activities.show": {
      description: "Read another period (a period still loading is dropped).",
      target: ".loading",
      reenter: true,
      actions: { type: "assignPeriod", params: ({ event }) => ({ start: event.start, end: event.end }) },
    },
  },
})

export type MachineActivitiesMachine = typeof machineActivitiesMachine
