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

/** The machine the chart was opened for, its first period and series (the samples' input). */
export const dashboardInput = {
  machine: "00000000-0000-4000-8000-0000000000a1",
  start: "2026-11-19T23:00:00.000Z",
  end: "2026-11-26T23:00:00.000Z",
  field: "speed",
  points: 300,
} as const

/** What was asked last: the view's last `dashboard.show`, else what it opened with. */
const asked = (s: Seen) => lastOf(s, "dashboard.show")?.ask ?? dashboardInput

/**
 * A machine's dashboard (issue 18): what is shown is exactly the server's answer to what was
 * asked last; a refusal shows its message and nothing of another period; another period or series
 * can be asked at any time, the latest wins.
 */
export const dashboardSpec: Spec = {
  states: {
    loading: [
      busy,
      calling("loadDashboard", asked),
      check("shows nothing of another period", (s) => context(s).answer === null),
    ],
    shown: [
      notBusy,
      check("shows what the server answered", (s) => context(s).answer === answerOf(s, "loadDashboard")),
      check("remembers what was asked", (s) => isDeepStrictEqual(context(s).ask, asked(s))),
    ],
    failed: [
      notBusy,
      showsRefusalOf("loadDashboard"),
      check("shows nothing", (s) => context(s).answer === null),
    ],
  },
  moves: [
    { from: "loading", on: doneOf("loadDashboard"), to: "shown" },
    { from: "loading", on: errorOf("loadDashboard"), to: "failed" },
    { from: "failed", on: "dashboard.retry", to: "loading" },
    { from: "*", on: "dashboard.show", to: "loading" },
  ],
}
