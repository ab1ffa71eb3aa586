import { isDeepStrictEqual } from "node:util"
import {
  active,
  answerOf,
  busy,
  calling,
  check,
  context,
  doneOf,
  errorOf,
  notBusy,
  type Seen,
  type Spec,
} from "../lib/paths"
import { showsRefusalOf } from "../lib/paths.fields"

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

/**
 * The removal samples: a box on a machine, and one on none (charts.counters.ts loads both; picking
 * the latter is not a transition: the guard keeps it out of the paths).
 */
export const boxOnMachine = "BOX-001"
export const boxOnNoMachine = "BOX-002"
type Box = { id: string; machine: { id: string; name: string } | null }
const chosen = (s: Seen) => context(s).chosen as Box | null

/**
 * The home card "Retirer un boîtier": only a box on a machine can be removed, after a
 * confirmation; removing ends its current association now (pickoff on its machine) and says
 * which box left which machine.
 */
export const removalSpec: Spec = {
  states: {
    loading: [busy, calling("loadCounters")],
    failed: [notBusy, active, showsRefusalOf("loadCounters")],
    ready: [
      notBusy,
      check("lists the boxes answered", (s) =>
        isDeepStrictEqual(context(s).counters, answerOf(s, "loadCounters")),
      ),
      check("has no box chosen", (s) => chosen(s) === null),
    ],
    confirming: [notBusy, check("asks about a box on a machine", (s) => chosen(s)?.machine != null)],
    removing: [busy, calling("pickoff", (s) => chosen(s)?.machine?.id)],
  },
  moves: [
    { from: "loading", on: doneOf("loadCounters"), to: "ready" },
    { from: "loading", on: errorOf("loadCounters"), to: "failed" },
    { from: "failed", on: "removal.retry", to: "loading" },
    {
      from: "ready",
      on: "removal.pick",
      given: ["a box on a machine", (e) => e.counter === boxOnMachine],
      to: "confirming",
      after: [check("asks about that box", (s) => chosen(s)?.id === boxOnMachine)],
    },
    { from: "confirming", on: "removal.cancel", to: "ready" },
    { from: "confirming", on: "removal.confirm", to: "removing" },
    {
      from: "removing",
      on: doneOf("pickoff"),
      to: "loading",
      after: [
        check("says which box left which machine", (s) => {
          const ended = answerOf(s, "pickoff") as { counter: string }
          const removed = context(s).removed as { counter: string; machine: string } | null
          return removed?.counter === ended.counter && removed.machine === "Tracteur 1"
        }),
      ],
    },
    { from: "removing", on: errorOf("pickoff"), to: "ready", after: [showsRefusalOf("pickoff")] },
  ],
}
