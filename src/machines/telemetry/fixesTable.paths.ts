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

/** The period asked last (the view's `fixes.show`). */
const query = (s: Seen) => {
  const show = lastOf(s, "fixes.show")
  return show === undefined ? undefined : { source: show.source, start: show.start, end: show.end }
}
/** The page asked: the one named last, 1 after a new period. */
const page = (s: Seen) => {
  const last = lastOf(s, "fixes.show", "fixes.page")
  return last?.type === "fixes.page" ? last.page : 1
}

/**
 * The raw fixes of a machine or a box over a UTC period (SPEC §2 expert, admin counterdata;
 * issue: "every raw fix with all its values, paged, with a CSV export"): what the table shows is
 * exactly the page the server answered for the period and page asked; the export asks for the same
 * period; a refused export leaves the page shown, with the message.
 */
export const fixesTableSpec: Spec = {
  states: {
    loadingChoices: [busy, calling("loadChoices")],
    choicesFailed: [notBusy, showsRefusalOf("loadChoices")],
    idle: [
      notBusy,
      check("offers what the server said may be read", (s) =>
        isDeepStrictEqual(context(s).choices, answerOf(s, "loadChoices")),
      ),
    ],
    loading: [busy, calling("loadPage", (s) => ({ ...query(s), page: page(s) }))],
    shown: [
      notBusy,
      check("shows the page the server answered", (s) =>
        isDeepStrictEqual(context(s).result, answerOf(s, "loadPage")),
      ),
    ],
    exporting: [busy, calling("exportCsv", query)],
    failed: [notBusy, showsRefusalOf("loadPage")],
  },
  moves: [
    { from: "loadingChoices", on: doneOf("loadChoices"), to: "idle" },
    { from: "loadingChoices", on: errorOf("loadChoices"), to: "choicesFailed" },
    { from: "choicesFailed", on: "fixes.retry", to: "loadingChoices" },
    { from: "idle", on: "fixes.show", to: "loading" },
    { from: "loading", on: doneOf("loadPage"), to: "shown" },
    { from: "loading", on: errorOf("loadPage"), to: "failed" },
    { from: "shown", on: "fixes.page", to: "loading" },
    { from: "shown", on: "fixes.export", to: "exporting" },
    {
      from: "exporting",
      on: doneOf("exportCsv"),
      to: "shown",
      after: [
        check("says the file was made", (s) => context(s).exported === true && context(s).error === null),
      ],
    },
    { from: "exporting", on: errorOf("exportCsv"), to: "shown", after: [showsRefusalOf("exportCsv")] },
    { from: "failed", on: "fixes.retry", to: "loading" },
  ],
}
