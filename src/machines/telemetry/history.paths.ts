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

/** The machine the chart was opened for (the samples' input). */
export const historyInput = {
  machine: "5f0c6e9a-3c2b-4d3e-9f5a-1b2c3d4e5f61",
  start: "2026-11-19T23:00:00.000Z",
  end: "2026-11-20T23:00:00.000Z",
}

/** The period asked last: the view's last `history.show`, else the one it opened with. */
const period = (s: Seen) => {
  const show = lastOf(s, "history.show")
  return show === undefined
    ? { start: historyInput.start, end: historyInput.end }
    : { start: show.start, end: show.end }
}

const points = (trace: unknown) =>
  (
    (trace as { segments?: ReadonlyArray<{ points: ReadonlyArray<unknown> }> } | undefined)?.segments ?? []
  ).reduce((n, segment) => n + segment.points.length, 0)

const withPoints = ["a trace with points", (e: AnyEventObject) => points(e.output) > 0] as const
const withoutPoints = ["a trace without points", (e: AnyEventObject) => points(e.output) === 0] as const

const showsAnswer = check("holds the trace the server answered for the period", (s) =>
  isDeepStrictEqual(context(s).trace, answerOf(s, "loadTrace")),
)

/**
 * The position history (issue 15: "its trace for a chosen period on the map… the gaps of the box
 * shown as gaps"): what is drawn is exactly the trace the server answered for the period asked
 * last; a period without a position says so instead of drawing an empty map; a refusal is shown
 * with its message and nothing of another period stays drawn; any period can be asked for at any
 * time, the latest wins.
 */
export const historySpec: Spec = {
  states: {
    loading: [
      busy,
      calling("loadTrace", (s) => ({ machine: historyInput.machine, ...period(s) })),
      check("draws no trace of another period", (s) => context(s).trace === null),
    ],
    shown: [
      notBusy,
      showsAnswer,
      check("the trace has points to draw", (s) => points(context(s).trace) > 0),
      check("remembers the period asked", (s) => isDeepStrictEqual(context(s).period, period(s))),
    ],
    empty: [notBusy, showsAnswer, check("the trace has no point", (s) => points(context(s).trace) === 0)],
    failed: [notBusy, showsRefusalOf("loadTrace"), check("draws no trace", (s) => context(s).trace === null)],
  },
  moves: [
    { from: "loading", on: doneOf("loadTrace"), given: withPoints, to: "shown" },
    { from: "loading", on: doneOf("loadTrace"), given: withoutPoints, to: "empty" },
    { from: "loading", on: errorOf("loadTrace"), to: "failed" },
    { from: "failed", on: "history.retry", to: "loading" },
    { from: "*", on: "history.show", to: "loading" },
  ],
}
