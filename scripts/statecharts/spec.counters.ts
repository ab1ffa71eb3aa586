import { isDeepStrictEqual } from "node:util"
import { active, answerOf, busy, calling, check, context, doneOf, errorOf, notBusy, type Spec } from "./spec"
import { showsRefusalOf } from "./spec.fields"

/** SPEC §4: a machine's or a box's associations, newest first, as the server answered them. */
export const boxHistorySpec: Spec = {
  states: {
    loading: [busy, calling("loadAssociations", (s) => context(s).source)],
    failed: [notBusy, active, showsRefusalOf("loadAssociations")],
    ready: [
      notBusy,
      check("lists the associations answered", (s) =>
        isDeepStrictEqual(context(s).associations, answerOf(s, "loadAssociations")),
      ),
    ],
  },
  moves: [
    { from: "loading", on: doneOf("loadAssociations"), to: "ready" },
    { from: "loading", on: errorOf("loadAssociations"), to: "failed" },
    { from: "failed", on: "boxHistory.retry", to: "loading" },
    { from: "ready", on: "boxHistory.refresh", to: "loading" },
  ],
}

/** SPEC §4: the boxes of the person's structures, as the server answered them. */
export const countersSpec: Spec = {
  states: {
    loading: [busy, calling("loadCounters")],
    failed: [notBusy, active, showsRefusalOf("loadCounters")],
    ready: [
      notBusy,
      check("lists the boxes answered", (s) =>
        isDeepStrictEqual(context(s).counters, answerOf(s, "loadCounters")),
      ),
    ],
  },
  moves: [
    { from: "loading", on: doneOf("loadCounters"), to: "ready" },
    { from: "loading", on: errorOf("loadCounters"), to: "failed" },
    { from: "failed", on: "counters.retry", to: "loading" },
    { from: "ready", on: "counters.refresh", to: "loading" },
  ],
}
