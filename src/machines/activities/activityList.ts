/**
 * The list of activities (SPEC §2 Activitys, issue 17): every activity the person may see over a
 * period, narrowed by structure, machine, field, driver, member billed and product type, ordered
 * as asked, a page at a time, with the totals of all; and the choices its filters offer.
 *
 * Input: `ActivityListAsk` (the query the address carries).
 * Events the view sends:
 * - `list.show` (`query`): read another period, filter, order or page (from any state; a list
 *   still loading is dropped, the latest ask wins).
 * - `list.retry`: ask the same again after a failure.
 * Read: `loading`; `shown` (`context.list`: the page and the totals, at least one activity in
 * all); `empty` (no activity for these filters); `failed` (`context.error`). Beside them,
 * `context.choices` fills once the structures, machines, fields, people and product types
 * arrive (null before; `context.choicesFailed` if they could not: the filters then offer less).
 */
import { assign, setup } from "xstate"
import type { ActivityList, ActivityListAsk } from "../../schema/activity"
import type { ClusterId, FieldId, FilterEntryId, MachineId, UserId } from "../../schema/ids"
import type { MessageCode } from "../../schema/messages"
import { assignError, errorParams, unbound } from "../lib/kit"

export type { ActivityListAsk }

export interface Choice<Id extends string> {
  readonly id: Id
  readonly label: string
}

/** What the filters offer. */
export interface ActivityListChoices {
  readonly structures: ReadonlyArray<Choice<ClusterId>>
  readonly machines: ReadonlyArray<Choice<MachineId> & { readonly cluster: ClusterId }>
  readonly fields: ReadonlyArray<Choice<FieldId>>
  /** The members of the person's structures: drivers and members billed. */
  readonly people: ReadonlyArray<Choice<UserId>>
  readonly productTypes: ReadonlyArray<Choice<FilterEntryId>>
}

export type ActivityListEvent = { type: "list.show"; query: ActivityListAsk } | { type: "list.retry" }

export interface ActivityListContext {
  readonly query: ActivityListAsk
  /** The answer to `query` (null while loading it, or after a failure). */
  readonly list: ActivityList | null
  readonly error: MessageCode | null
  readonly choices: ActivityListChoices | null
  readonly choicesFailed: boolean
}

export const activityListMachine = setup({
  types: {
    context: {} as ActivityListContext,
    events: {} as ActivityListEvent,
    input: {} as ActivityListAsk,
  },
  actors: {
    loadList: unbound<ActivityList, ActivityListAsk>(),
    loadChoices: unbound<ActivityListChoices, void>(),
  },
  actions: {
    assignQuery: assign((_, query: ActivityListAsk) => ({ query, list: null, error: null })),
    assignList: assign((_, list: ActivityList) => ({ list, error: null })),
    assignChoices: assign((_, choices: ActivityListChoices) => ({ choices, choicesFailed: false })),
    noChoices: assign({ choicesFailed: true }),
    assignError: assignError<ActivityListContext, ActivityListEvent>(() => ({ list: null })),
  },
  guards: {
    hasActivities: (_, list: ActivityList) => list.totals.count > 0,
  },
}).createMachine({
  id: "activityList",
  description: "The activities a person may see, filtered, ordered and paged, with their totals.",
  context: ({ input }) => ({ query: input, list: null, error: null, choices: null, choicesFailed: false }),
  invoke: {
    id: "loadChoices",
    src: "loadChoices",
    onDone: {
      description: "The filters' choices arrived.",
      actions: { type: "assignChoices", params: ({ event }) => event.output },
    },
    onError: {
      description: "The choices could not be read: the filters offer what the address names only.",
      actions: "noChoices",
    },
  },
  initial: "loading",
  states: {
    loading: {
      description: "Asking the server for the page and the totals.",
      tags: ["busy"],
      invoke: {
        id: "loadList",
        src: "loadList",
        input: ({ context }) => context.query,
        onDone: [
          {
            description: "Activities match the filters: the page and the totals of all.",
            guard: { type: "hasActivities", params: ({ event }) => event.output },
            target: "shown",
            actions: { type: "assignList", params: ({ event }) => event.output },
          },
          {
            description: "No activity matches.",
            target: "empty",
            actions: { type: "assignList", params: ({ event }) => event.output },
          },
        ],
        onError: {
          description: "Refused (a period too long, a filter not allowed) or unreachable.",
          target: "failed",
          actions: { type: "assignError", params: errorParams },
        },
      },
    },
    shown: { description: "The totals, then the page's activities as a table." },
    empty: { description: "No activity for these filters: said plainly, the filters kept." },
    failed: {
      description: "The list could not be read: the message, and a retry.",
      on: { "list.retry": { description: "Ask the same again.", target: "loading" } },
    },
  },
  on: {
    "list.show": {
      description: "Another period, filter, order or page (a list still loading is dropped).",
      target: ".loading",
      reenter: true,
      actions: { type: "assignQuery", params: ({ event }) => event.query },
    },
  },
})

export type ActivityListMachine = typeof activityListMachine
