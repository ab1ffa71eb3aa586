/**
 * An activity's page (issue 17): the activity, its trace and covered area, the member it is for
 * and why, and the history of its corrections; after a person corrects it, read again.
 *
 * Input: `{ id }` (the activity).
 * Events the view sends:
 * - `activity.reload`: read it again after a correction (the page stays shown meanwhile).
 * - `activity.retry`: read it again after a failure.
 * - `dispute.open` (`comment`): the member billed contests it (from `shown`).
 * - `dispute.settle` (`dispute`, `outcome`, `answer`): a person who may correct it answers.
 * - `activity.split` (`at`, epoch ms): a person who may correct it cuts it in two there.
 * - `activity.merge` (`with`): merged with the activity right before or after it.
 * Read: `loading`; `shown` (`context.detail`); `reloading` (`context.detail` still the last one);
 * `disputing` / `settling` (busy, the page shown); `failed` (`context.error`: `notFound` for an
 * activity gone or never seen). A dispute refused leaves the page shown with
 * `context.disputeError`; one taken reads the page again. `splitting` / `merging` (busy, the page
 * shown): a split or merge refused leaves the page shown with `context.changeError`; one done
 * follows the activity it made (`context.id`: after a split, the part that kept the id, else the
 * first; after a merge, the merged one) and reads it.
 */
import { assign, setup } from "xstate"
import {
  type Activity,
  type ActivityDetail,
  type ActivityDispute,
  maxDisputeLength,
} from "../../schema/activity"
import type { ActivityId } from "../../schema/ids"
import type { MessageCode } from "../../schema/messages"
import { errorCode } from "../lib/errors"
import { assignError, errorParams, unbound } from "../lib/kit"

/** What is wrong with a dispute's or an answer's text before it is sent, as the server says it. */
export const textProblem = (text: string, empty: "disputeEmpty" | "answerEmpty"): MessageCode | null => {
  const trimmed = text.trim()
  if (trimmed === "") return empty
  return trimmed.length > maxDisputeLength ? "commentTooLong" : null
}

export interface DisputeAnswer {
  readonly dispute: string
  readonly outcome: "corrected" | "kept"
  readonly answer: string
}

export type ActivityPageEvent =
  | { type: "activity.reload" }
  | { type: "activity.retry" }
  | { type: "dispute.open"; comment: string }
  | ({ type: "dispute.settle" } & DisputeAnswer)
  | { type: "activity.split"; at: number }
  | { type: "activity.merge"; with: ActivityId }

export interface ActivityPageContext {
  readonly id: ActivityId
  readonly detail: ActivityDetail | null
  readonly error: MessageCode | null
  /** Why the last dispute or answer was refused (null when none was, or since the page was read). */
  readonly disputeError: MessageCode | null
  /** Why the last split or merge was refused (null when none was, or since the page was read). */
  readonly changeError: MessageCode | null
}

/** The activity the page follows after a split: the part that kept its id, else the first. */
export const followedPart = (id: ActivityId, parts: ReadonlyArray<Activity>): ActivityId =>
  parts.find((p) => p.id === id)?.id ?? parts[0]?.id ?? id

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
  actors: {
    loadDetail: unbound<ActivityDetail, ActivityId>(),
    openDispute: unbound<ActivityDispute, { id: ActivityId; comment: string }>(),
    settleDispute: unbound<ActivityDispute, { id: ActivityId } & DisputeAnswer>(),
    splitActivity: unbound<ReadonlyArray<Activity>, { id: ActivityId; at: number }>(),
    mergeActivity: unbound<Activity, { id: ActivityId; with: ActivityId }>(),
  },
  actions: {
    assignDetail: assign((_, detail: ActivityDetail) => ({
      detail,
      error: null,
      disputeError: null,
      changeError: null,
    })),
    assignId: assign((_, id: ActivityId) => ({ id })),
    assignChangeError: assign((_, error: unknown) => ({ changeError: errorCode(error) })),
    assignError: assignError<ActivityPageContext, ActivityPageEvent>(() => ({ detail: null })),
    assignDisputeError: assign((_, error: unknown) => ({ disputeError: errorCode(error) })),
    assignDisputeProblem: assign((_, problem: MessageCode) => ({ disputeError: problem })),
  },
  guards: {
    badText: (_, text: string) => textProblem(text, "disputeEmpty") !== null,
  },
}).createMachine({
  id: "activityPage",
  description: "An activity's page: its trace, figures, attribution and history.",
  context: ({ input }) => ({
    id: input.id,
    detail: null,
    error: null,
    disputeError: null,
    changeError: null,
  }),
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
      description: "The activity on the map with its figures, history and disputes.",
      on: {
        "activity.reload": { description: "Corrected: read it again.", target: "reloading" },
        "dispute.open": [
          {
            description: "Nothing written, or too long: said at once, nothing sent.",
            guard: { type: "badText", params: ({ event }) => event.comment },
            actions: {
              type: "assignDisputeProblem",
              params: ({ event }) => textProblem(event.comment, "disputeEmpty") as MessageCode,
            },
          },
          { description: "The member billed contests it.", target: "disputing" },
        ],
        "dispute.settle": [
          {
            description: "No answer written, or too long: said at once, nothing sent.",
            guard: { type: "badText", params: ({ event }) => event.answer },
            actions: {
              type: "assignDisputeProblem",
              params: ({ event }) => textProblem(event.answer, "answerEmpty") as MessageCode,
            },
          },
          { description: "A person who may correct it answers.", target: "settling" },
        ],
        "activity.split": { description: "A person who may correct it cuts it in two.", target: "splitting" },
        "activity.merge": { description: "Merged with the one before or after it.", target: "merging" },
      },
    },
    splitting: {
      description: "Cutting it in two; the page stays shown.",
      tags: ["busy"],
      invoke: {
        id: "splitActivity",
        src: "splitActivity",
        input: ({ context, event }) => ({
          id: context.id,
          at: event.type === "activity.split" ? event.at : 0,
        }),
        onDone: {
          description: "Cut: follow the part that kept its id (else the first), read it.",
          target: "reloading",
          actions: {
            type: "assignId",
            params: ({ context, event }) => followedPart(context.id, event.output),
          },
        },
        onError: {
          description: "Refused (a time too near an end, no right): the message.",
          target: "shown",
          actions: { type: "assignChangeError", params: errorParams },
        },
      },
    },
    merging: {
      description: "Merging it with its neighbour; the page stays shown.",
      tags: ["busy"],
      invoke: {
        id: "mergeActivity",
        src: "mergeActivity",
        input: ({ context, event }) => ({
          id: context.id,
          with: event.type === "activity.merge" ? event.with : context.id,
        }),
        onDone: {
          description: "Merged: follow the merged activity, read it.",
          target: "reloading",
          actions: { type: "assignId", params: ({ event }) => event.output.id },
        },
        onError: {
          description: "Refused (not neighbours, a midnight or booking between, no right): the message.",
          target: "shown",
          actions: { type: "assignChangeError", params: errorParams },
        },
      },
    },
    disputing: {
      description: "Sending the dispute; the page stays shown.",
      tags: ["busy"],
      invoke: {
        id: "openDispute",
        src: "openDispute",
        input: ({ context, event }) => ({
          id: context.id,
          comment: event.type === "dispute.open" ? event.comment : "",
        }),
        onDone: { description: "Taken: read the page again.", target: "reloading" },
        onError: {
          description: "Refused (nothing said, one already waiting, not billed to them): the message.",
          target: "shown",
          actions: { type: "assignDisputeError", params: errorParams },
        },
      },
    },
    settling: {
      description: "Sending the answer; the page stays shown.",
      tags: ["busy"],
      invoke: {
        id: "settleDispute",
        src: "settleDispute",
        input: ({ context, event }) =>
          event.type === "dispute.settle"
            ? { id: context.id, dispute: event.dispute, outcome: event.outcome, answer: event.answer }
            : { id: context.id, dispute: "", outcome: "kept" as const, answer: "" },
        onDone: { description: "Answered: read the page again.", target: "reloading" },
        onError: {
          description: "Refused (no answer written, answered already, no right): the message.",
          target: "shown",
          actions: { type: "assignDisputeError", params: errorParams },
        },
      },
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
