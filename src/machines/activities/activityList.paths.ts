import { isDeepStrictEqual } from "node:util"
import type { AnyEventObject } from "xstate"
import {
  answerOf,
  busy,
  calling,
  check,
  context,
  doneOf,
  errorOf,
  lastOf,
  notBusy,
  type Seen,
  type Spec,
} from "../lib/paths"
import { showsRefusalOf } from "../lib/paths.fields"

/** The query the list opened with (the samples' input). */
export const listInput = {
  start: "2026-10-28T23:00:00.000Z",
  end: "2026-11-27T23:00:00.000Z",
  sort: "start",
  order: "desc",
  page: 1,
}

/** The query asked last: the view's last `list.show`, else the one it opened with. */
const asked = (s: Seen) => lastOf(s, "list.show")?.query ?? listInput

const total = (output: unknown) => (output as { totals?: { count?: number } } | null)?.totals?.count ?? -1
const some = ["activities match", (e: AnyEventObject) => total(e.output) > 0] as const
const none = ["no activity matches", (e: AnyEventObject) => total(e.output) === 0] as const

/** The choices last read, and whether the last reading failed (a failure keeps what was read). */
const keepsChoices = check("offers the choices last read, and says whether the last reading failed", (s) => {
  const last = lastOf(s, doneOf("loadChoices"), errorOf("loadChoices"))
  return (
    isDeepStrictEqual(context(s).choices, lastOf(s, doneOf("loadChoices"))?.output ?? null) &&
    context(s).choicesFailed === (last?.type === errorOf("loadChoices"))
  )
})

/**
 * The list of activities (issue 17 "Activitys"): what is shown is exactly the server's answer to
 * the query asked last (period, filters, order, page), totals included; a query matching nothing
 * says so; a refusal shows its message and nothing of another query; the filters' choices arrive
 * on their own, whatever the list is doing.
 */
export const activityListSpec: Spec = {
  states: {
    loading: [
      busy,
      calling("loadList", asked),
      check("shows nothing of another query", (s) => context(s).list === null),
      keepsChoices,
    ],
    shown: [
      notBusy,
      check("shows the server's answer to the query asked last", (s) =>
        isDeepStrictEqual(context(s).list, answerOf(s, "loadList")),
      ),
      check("remembers the query", (s) => isDeepStrictEqual(context(s).query, asked(s))),
      keepsChoices,
    ],
    empty: [
      notBusy,
      check("holds an answer with no activity", (s) => total(context(s).list) === 0),
      keepsChoices,
    ],
    failed: [
      notBusy,
      showsRefusalOf("loadList"),
      check("shows no list", (s) => context(s).list === null),
      keepsChoices,
    ],
  },
  moves: [
    { from: "loading", on: doneOf("loadList"), given: some, to: "shown" },
    { from: "loading", on: doneOf("loadList"), given: none, to: "empty" },
    { from: "loading", on: errorOf("loadList"), to: "failed" },
    { from: "failed", on: "list.retry", to: "loading" },
    { from: "*", on: "list.show", to: "loading" },
    { from: "*", on: doneOf("loadChoices"), to: null },
    { from: "*", on: errorOf("loadChoices"), to: null },
  ],
}
