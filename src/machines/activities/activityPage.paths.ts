import { isDeepStrictEqual } from "node:util"
import type { AnyEventObject } from "xstate"
import {
  answerOf,
  busy,
  calling,
  check,
  codeOf,
  context,
  doneOf,
  errorOf,
  lastOf,
  notBusy,
  type Seen,
  type Spec,
} from "../lib/paths"
import { showsRefusalOf } from "../lib/paths.fields"

export const pageInput = { id: "00000000-0000-4000-8000-000000000001" }

/** The activity the page follows: the input's, then the one each split or merge led to. */
const followed = (s: Seen): string => {
  let id = pageInput.id
  for (const e of s.events) {
    if (e.type === doneOf("splitActivity"))
      id = (e.output as ReadonlyArray<{ id: string }>).find((p) => p.id === id)?.id ?? e.output[0]?.id ?? id
    if (e.type === doneOf("mergeActivity")) id = (e.output as { id: string }).id
  }
  return id
}

/** The split or merge refusal shown is the server's last one, unless the page was read since. */
const showsChangeRefusal = check("shows why the last split or merge was refused, until read again", (s) => {
  const last = s.events.findLast((e) =>
    [doneOf("loadDetail"), errorOf("splitActivity"), errorOf("mergeActivity")].includes(e.type),
  )
  const expected = last === undefined || last.type === doneOf("loadDetail") ? null : codeOf(last.error)
  return context(s).changeError === expected
})

const showsAnswer = check("shows what the server answered last", (s) =>
  isDeepStrictEqual(context(s).detail, answerOf(s, "loadDetail")),
)

const lastSettle = (s: Seen) => {
  const e = lastOf(s, "dispute.settle")
  return { id: pageInput.id, dispute: e?.dispute, outcome: e?.outcome, answer: e?.answer }
}
const keepsPage = check("keeps the page in view", (s) => context(s).detail !== null)
const blank = (text: unknown) => typeof text !== "string" || text.trim() === ""
const written = ["something written", (e: AnyEventObject) => !blank(e.comment ?? e.answer)] as const
const nothing = ["nothing written", (e: AnyEventObject) => blank(e.comment ?? e.answer)] as const

/**
 * The dispute refusal shown is the last one (the server's, or nothing written, caught before
 * sending), unless the page was read since.
 */
const showsDisputeRefusal = check(
  "shows why the last dispute or answer was refused, until read again",
  (s) => {
    const last = s.events.findLast(
      (e) =>
        [doneOf("loadDetail"), errorOf("openDispute"), errorOf("settleDispute")].includes(e.type) ||
        (e.type === "dispute.open" && blank(e.comment)) ||
        (e.type === "dispute.settle" && blank(e.answer)),
    )
    const expected =
      last === undefined || last.type === doneOf("loadDetail")
        ? null
        : last.type === "dispute.open"
          ? "disputeEmpty"
          : last.type === "dispute.settle"
            ? "answerEmpty"
            : codeOf(last.error)
    return context(s).disputeError === expected
  },
)

/**
 * An activity's page: it shows exactly the server's last answer; reading it again after a
 * correction keeps the page in view; a refusal (not found, not seen) shows its message and nothing
 * of the activity; a dispute or an answer sent keeps the page in view and reads it again once
 * taken, or shows why it was refused; a split or merge keeps the page in view, then follows the
 * activity it made and reads it, or shows why it was refused.
 */
export const activityPageSpec: Spec = {
  states: {
    loading: [
      busy,
      calling("loadDetail", () => pageInput.id),
      check("shows nothing yet", (s) => context(s).detail === null),
    ],
    shown: [notBusy, showsAnswer, showsDisputeRefusal, showsChangeRefusal],
    reloading: [busy, calling("loadDetail", followed), showsAnswer],
    splitting: [
      busy,
      keepsPage,
      calling("splitActivity", (s) => ({ id: followed(s), at: lastOf(s, "activity.split")?.at })),
    ],
    merging: [
      busy,
      keepsPage,
      calling("mergeActivity", (s) => ({ id: followed(s), with: lastOf(s, "activity.merge")?.with })),
    ],
    disputing: [
      busy,
      keepsPage,
      calling("openDispute", (s) => ({ id: pageInput.id, comment: lastOf(s, "dispute.open")?.comment })),
    ],
    settling: [busy, keepsPage, calling("settleDispute", lastSettle)],
    failed: [
      notBusy,
      check("follows the activity it was asked for or led to", (s) => context(s).id === followed(s)),
      showsRefusalOf("loadDetail"),
      check("shows nothing of the activity", (s) => context(s).detail === null),
    ],
  },
  moves: [
    { from: "loading", on: doneOf("loadDetail"), to: "shown" },
    { from: "loading", on: errorOf("loadDetail"), to: "failed" },
    { from: "shown", on: "activity.reload", to: "reloading" },
    { from: "reloading", on: doneOf("loadDetail"), to: "shown" },
    { from: "reloading", on: errorOf("loadDetail"), to: "failed" },
    { from: "failed", on: "activity.retry", to: "loading" },
    { from: "shown", on: "dispute.open", given: written, to: "disputing" },
    { from: "shown", on: "dispute.open", given: nothing, to: null },
    { from: "shown", on: "dispute.settle", given: nothing, to: null },
    { from: "disputing", on: doneOf("openDispute"), to: "reloading" },
    { from: "disputing", on: errorOf("openDispute"), to: "shown" },
    { from: "shown", on: "dispute.settle", given: written, to: "settling" },
    { from: "settling", on: doneOf("settleDispute"), to: "reloading" },
    { from: "settling", on: errorOf("settleDispute"), to: "shown" },
    { from: "shown", on: "activity.split", to: "splitting" },
    { from: "splitting", on: doneOf("splitActivity"), to: "reloading" },
    { from: "splitting", on: errorOf("splitActivity"), to: "shown" },
    { from: "shown", on: "activity.merge", to: "merging" },
    { from: "merging", on: doneOf("mergeActivity"), to: "reloading" },
    { from: "merging", on: errorOf("mergeActivity"), to: "shown" },
  ],
}
