/**
 * An activity's page (issue 17): the activity, its trace and covered area, the member it is for
 * and why, and the history of its corrections; after a person corrects it, read again.
 *
 * Input: `{ id }` (the activity).
 * Events the view sends:
 * - `activity.reload`: read it again after a correction (the page stays shown meanwhile).
 * - `activity.retry`: read it again after a failure.
 * Read: `loading`; `shown` (`context.detail`); `reloading` (`context.detail` still the last one);
 * `failed` (`context.error`: `notFound` for an activity gone or never seen).
 */
import { assign, setup } from "xstate"
import type { ActivityDetail } from "../../schema/activity"
import type { ActivityId } from "../../schema/ids"
import type { MessageCode } from "../../schema/messages"
import { assignError, errorParams, unbound } from "../lib/kit"

export type ActivityPageEvent = { type: "activity.reload" } | { type: "activity.retry" }

export interface ActivityPageContext {
  readonly id: ActivityId
  readonly detail: ActivityDetail | null
  readonly error: MessageCode | null
}

const loaded = {
  description: "The activity, its trace and its history.",
  target: "shown",
  actions: {
    type: "assignDetail" as const,
    params: ({ event }: { event: { output: ActivityDetail } }) => event.output,
  },
}
const refused = {
  description: "Not found (gone, or not one the person sees), refused, or unreachable.",
  target: "failed",
  actions: { type: "assignError" as const, params: errorParams },
}

export const activityPageMachine = setup({
  types: {
    context: {} as ActivityPageContext,
    events: {} as ActivityPageEvent,
    input: {} as { id: ActivityId },
  },
  actors: { loadDetail: unbound<ActivityDetail, ActivityId>() },
  actions: {
    assignDetail: assign((_, detail: ActivityDetail) => ({ detail, error: null })),
    assignError: assignError<ActivityPageContext, ActivityPageEvent>(() => ({ detail: null })),
  },
}).createMachine({
  id: "activityPage",
  description: "An activity's page: its trace, figures, attribution and history.",
  context: ({ input }) => ({ id: input.id, detail: null, error: null }),
  initial: "loading",
  states: {
    loading: {
      description: "Reading the activity.",
      tags: ["busy"],
      invoke: {
        id: "loadDetail",
        src: "loadDetail",
        input: ({ context }) => context.id,
        onDone: loaded,
        onError: refused,
      },
    },
    shown: {
      description: "The activity on the map with its figures and history.",
      on: { "activity.reload": { description: "Corrected: read it again.", target: "reloading" } },
    },
    reloading: {
      description: "Reading it again; the last reading stays on the page.",
      tags: ["busy"],
      invoke: {
        id: "loadDetail",
        src: "loadDetail",
        input: ({ context }) => context.id,
        onDone: loaded,
        onError: refused,
      },
    },
    failed: {
      description: "Not shown: the message, and a retry.",
      on: { "activity.retry": { description: "Read it again.", target: "loading" } },
    },
  },
})

export type ActivityPageMachine = typeof activityPageMachine
