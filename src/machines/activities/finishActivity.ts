/**
 * "J'ai terminé mon activité" (SPEC §2 home card, issue 17): a driver, on a phone as the work
 * ends, picks the activity just done among their recent ones and says which field it was, what
 * was spread, and a word for the office.
 *
 * Input: `{ driver, start, end }` (the person, and the window of "recent", ISO instants).
 * Events the view sends:
 * - `finish.confirm` (`activity`, `field`, `productType`, `comment`): send it (from `choosing`;
 *   nothing said at all is caught before sending: `context.error` = `confirmationEmpty`).
 * - `finish.again`: confirm another one (from `done`).
 * - `finish.retry`: read again after a failure.
 * Read: `loading`; `choosing` (`context.recent`: newest first, at least one; `context.productTypes`);
 * `none` (no recent activity they drove); `confirming`; `done` (`context.confirmed`);
 * `failed` (`context.error`).
 */
import { assign, setup } from "xstate"
import type { Activity, ActivityConfirmation } from "../../schema/activity"
import type { ActivityId, FieldId, FilterEntryId, UserId } from "../../schema/ids"
import type { MessageCode } from "../../schema/messages"
import { errorCode } from "../lib/errors"
import { assignError, errorParams, unbound } from "../lib/kit"
import type { Choice } from "./activityList"

export interface FinishWindow {
  readonly driver: UserId
  readonly start: string
  readonly end: string
}

export interface RecentWork {
  readonly recent: ReadonlyArray<Activity>
  readonly productTypes: ReadonlyArray<Choice<FilterEntryId>>
}

export interface FinishSaying {
  readonly activity: ActivityId
  readonly field: FieldId | null
  readonly productType: FilterEntryId | null
  readonly comment: string
}

export type FinishActivityEvent =
  | ({ type: "finish.confirm" } & FinishSaying)
  | { type: "finish.again" }
  | { type: "finish.retry" }

export interface FinishActivityContext {
  readonly window: FinishWindow
  readonly recent: ReadonlyArray<Activity>
  readonly productTypes: ReadonlyArray<Choice<FilterEntryId>>
  readonly saying: FinishSaying | null
  readonly confirmed: ActivityConfirmation | null
  readonly error: MessageCode | null
}

/** Nothing said at all: no field, no product type, no comment. */
export const saysNothing = (s: Pick<FinishSaying, "field" | "productType" | "comment">) =>
  s.field === null && s.productType === null && s.comment.trim() === ""

export const finishActivityMachine = setup({
  types: {
    context: {} as FinishActivityContext,
    events: {} as FinishActivityEvent,
    input: {} as FinishWindow,
  },
  actors: {
    loadRecent: unbound<RecentWork, FinishWindow>(),
    confirm: unbound<ActivityConfirmation, FinishSaying>(),
  },
  actions: {
    assignRecent: assign((_, work: RecentWork) => ({ ...work, error: null })),
    assignSaying: assign((_, saying: FinishSaying) => ({ saying, error: null })),
    assignConfirmed: assign((_, confirmed: ActivityConfirmation) => ({ confirmed, error: null })),
    assignEmpty: assign({ error: "confirmationEmpty" as MessageCode }),
    assignRefusal: assign((_, error: unknown) => ({ error: errorCode(error) })),
    assignError: assignError<FinishActivityContext, FinishActivityEvent>(),
    clear: assign({ saying: null, confirmed: null, error: null }),
  },
  guards: {
    hasRecent: (_, work: RecentWork) => work.recent.length > 0,
    saysNothing: (_, saying: FinishSaying) => saysNothing(saying),
  },
}).createMachine({
  id: "finishActivity",
  description: "A driver confirms the activity just ended: field, product type, a word.",
  context: ({ input }) => ({
    window: input,
    recent: [],
    productTypes: [],
    saying: null,
    confirmed: null,
    error: null,
  }),
  initial: "loading",
  states: {
    loading: {
      description: "Reading the person's recent activities as driver, and the product types.",
      tags: ["busy"],
      invoke: {
        id: "loadRecent",
        src: "loadRecent",
        input: ({ context }) => context.window,
        onDone: [
          {
            description: "At least one recent activity they drove.",
            guard: { type: "hasRecent", params: ({ event }) => event.output },
            target: "choosing",
            actions: { type: "assignRecent", params: ({ event }) => event.output },
          },
          {
            description: "None: said plainly, with why.",
            target: "none",
            actions: { type: "assignRecent", params: ({ event }) => event.output },
          },
        ],
        onError: {
          description: "Unreachable.",
          target: "failed",
          actions: { type: "assignError", params: errorParams },
        },
      },
    },
    choosing: {
      description: "The recent activities, the newest chosen; the field, product and comment to say.",
      on: {
        "finish.confirm": [
          {
            description: "Nothing said: caught before sending.",
            guard: { type: "saysNothing", params: ({ event }) => event },
            actions: "assignEmpty",
          },
          {
            description: "Send it.",
            target: "confirming",
            actions: {
              type: "assignSaying",
              params: ({ event }) => ({
                activity: event.activity,
                field: event.field,
                productType: event.productType,
                comment: event.comment,
              }),
            },
          },
        ],
      },
    },
    confirming: {
      description: "Sending it.",
      tags: ["busy"],
      invoke: {
        id: "confirm",
        src: "confirm",
        input: ({ context }) => context.saying as FinishSaying,
        onDone: {
          description: "Kept: the office has it.",
          target: "done",
          actions: { type: "assignConfirmed", params: ({ event }) => event.output },
        },
        onError: {
          description:
            "Refused (a field it did not work, no right) or unreachable: the message, the form kept.",
          target: "choosing",
          actions: { type: "assignRefusal", params: errorParams },
        },
      },
    },
    done: {
      description: "Thanks, with a link to the activity.",
      on: { "finish.again": { description: "Confirm another one.", target: "loading", actions: "clear" } },
    },
    none: { description: "No recent activity they drove: why, and where to see all activities." },
    failed: {
      description: "Could not read: the message and a retry.",
      on: { "finish.retry": { description: "Read again.", target: "loading" } },
    },
  },
})

export type FinishActivityMachine = typeof finishActivityMachine
