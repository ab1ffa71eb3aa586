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

/** The machine the chart was opened for, and its first period (the samples' input). */
export const activitiesInput = {
  machine: "00000000-0000-4000-8000-0000000000a1",
  start: "2026-11-13T23:00:00.000Z",
  end: "2026-11-20T23:00:00.000Z",
}

/** The period asked last: the view's last `activities.show`, else the one it opened with. */
const period = (s: Seen) => {
  const show = lastOf(s, "activities.show")
  return show === undefined
    ? { start: activitiesInput.start, end: activitiesInput.end }
    : { start: show.start, end: show.end }
}

const count = (output: unknown) => (Array.isArray(output) ? output.length : -1)
const some = ["at least one activity", (e: AnyEventObject) => count(e.output) > 0] as const
const none = ["no activity", (e: AnyEventObject) => count(e.output) === 0] as const

/** What the list must hold: the server's last answer, with every change a person made since. */
const listed = (s: Seen) => {
  const answer = answerOf(s, "loadActivities") as ReadonlyArray<{ id: string }>
  const since = s.events.slice(s.events.findLastIndex((e) => e.type === doneOf("loadActivities")))
  return since
    .filter((e) => e.type === "activities.replace")
    .reduce(
      (list, e) => list.map((a) => (a.id === (e.activity as { id: string }).id ? e.activity : a)),
      answer,
    )
}
const showsAnswer = check("lists what the server answered, with the changes made since", (s) =>
  isDeepStrictEqual(context(s).activities, listed(s)),
)

/**
 * The machine's activities (issue 16: "shows the result on the machine's activities tab"): what is
 * listed is exactly what the server answered for the period asked last, with a person's changes
 * in place; a period without activity says so; a refusal shows its message and lists nothing of
 * another period; any period can be asked for at any time, the latest wins.
 */
export const machineActivitiesSpec: Spec = {
  states: {
    loading: [
      busy,
      calling("loadActivities", (s) => ({ machine: activitiesInput.machine, ...period(s) })),
      check("lists nothing of another period", (s) => context(s).activities === null),
    ],
    shown: [
      notBusy,
      showsAnswer,
      check("has an activity to list", (s) => count(context(s).activities) > 0),
      check("remembers the period asked", (s) => isDeepStrictEqual(context(s).period, period(s))),
    ],
    empty: [notBusy, showsAnswer, check("lists no activity", (s) => count(context(s).activities) === 0)],
    failed: [
      notBusy,
      showsRefusalOf("loadActivities"),
      check("lists nothing", (s) => context(s).activities === null),
    ],
  },
  moves: [
    { from: "loading", on: doneOf("loadActivities"), given: some, to: "shown" },
    { from: "loading", on: doneOf("loadActivities"), given: none, to: "empty" },
    { from: "loading", on: errorOf("loadActivities"), to: "failed" },
    { from: "failed", on: "activities.retry", to: "loading" },
    { from: "shown", on: "activities.replace", to: null },
    { from: "*", on: "activities.show", to: "loading" },
  ],
}
