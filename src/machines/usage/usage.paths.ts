import { isDeepStrictEqual } from "node:util"
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
export const usageInput = {
  subject: "00000000-0000-4000-8000-0000000000a1",
  start: "2026-10-27T23:00:00.000Z",
  end: "2026-11-26T23:00:00.000Z",
  bucket: "day",
  tz: "Europe/Paris",
} as const

/** What was asked last: the view's last `usage.show`, else what it opened with. */
const asked = (s: Seen) => lastOf(s, "usage.show")?.ask ?? usageInput

/**
 * A machine's use, a field's season (issue 17: "every how much, over what period figure comes from
 * one aggregation service"): what is shown is exactly the server's answer to what was asked last;
 * a refusal shows its message and nothing of another period; anything can be asked at any time,
 * the latest wins.
 */
export const usageSpec: Spec = {
  states: {
    loading: [
      busy,
      calling("loadUsage", asked),
      check("shows nothing of another period", (s) => context(s).usage === null),
    ],
    shown: [
      notBusy,
      check("shows what the server answered", (s) => context(s).usage === answerOf(s, "loadUsage")),
      check("remembers what was asked", (s) => isDeepStrictEqual(context(s).ask, asked(s))),
    ],
    failed: [notBusy, showsRefusalOf("loadUsage"), check("shows nothing", (s) => context(s).usage === null)],
  },
  moves: [
    { from: "loading", on: doneOf("loadUsage"), to: "shown" },
    { from: "loading", on: errorOf("loadUsage"), to: "failed" },
    { from: "failed", on: "usage.retry", to: "loading" },
    { from: "*", on: "usage.show", to: "loading" },
  ],
}
