import { isDeepStrictEqual } from "node:util"
import { type OverviewSources, overviewOf } from "../../schema/overview"
import { answerOf, busy, calling, check, context, doneOf, errorOf, notBusy, type Spec } from "../lib/paths"
import { showsRefusalOf } from "../lib/paths.fields"

/** The fixed clock the paths run at: Thursday 27 November 2026, 07:30 in Paris. */
export const overviewNow = Date.parse("2026-11-27T06:30:00Z")
export const overviewInput = { zone: "Europe/Paris", now: () => overviewNow }

/** The home page's overview: read, shown, read again. */
export const homeOverviewSpec: Spec = {
  states: {
    loading: [
      busy,
      // Today 00:00 to the day after tomorrow 00:00, Paris time (UTC+1 in November).
      calling("loadOverview", () => ({
        from: Date.parse("2026-11-26T23:00:00Z"),
        to: Date.parse("2026-11-28T23:00:00Z"),
      })),
    ],
    failed: [notBusy, showsRefusalOf("loadOverview")],
    ready: [
      notBusy,
      check("shows the overview of what was read, as of when it was asked", (s) =>
        isDeepStrictEqual(
          context(s).overview,
          overviewOf(answerOf(s, "loadOverview") as OverviewSources, overviewNow, "Europe/Paris"),
        ),
      ),
    ],
  },
  moves: [
    { from: "loading", on: doneOf("loadOverview"), to: "ready" },
    { from: "loading", on: errorOf("loadOverview"), to: "failed" },
    { from: "ready", on: "homeOverview.refresh", to: "loading" },
    { from: "failed", on: "homeOverview.refresh", to: "loading" },
  ],
}
