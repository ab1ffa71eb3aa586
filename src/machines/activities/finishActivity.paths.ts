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
  type Spec,
} from "../lib/paths"
import { showsRefusalOf } from "../lib/paths.fields"
import { saysNothing } from "./finishActivity"

export const finishInput = {
  driver: "00000000-0000-4000-8000-000000000012",
  start: "2026-11-26T09:00:00.000Z",
  end: "2026-11-28T09:00:00.000Z",
}

const recentOf = (output: unknown) => (output as { recent?: ReadonlyArray<unknown> } | null)?.recent ?? []
const some = ["recent activities", (e: AnyEventObject) => recentOf(e.output).length > 0] as const
const none = ["no recent activity", (e: AnyEventObject) => recentOf(e.output).length === 0] as const
const blank = (e: AnyEventObject) =>
  saysNothing({ field: e.field ?? null, productType: e.productType ?? null, comment: e.comment ?? "" })
const nothing = ["nothing said", blank] as const
const something = ["something said", (e: AnyEventObject) => !blank(e)] as const
const lastSaying = (s: Parameters<typeof lastOf>[0]) => {
  const e = lastOf(s, "finish.confirm")
  return e && { activity: e.activity, field: e.field, productType: e.productType, comment: e.comment }
}

/**
 * "J'ai terminé mon activité": the recent activities shown are the server's; nothing said is
 * caught before sending; what is sent is what the person said of the activity they chose; once
 * kept, the confirmation shown is the server's answer; a refusal keeps the form with its message.
 */
export const finishActivitySpec: Spec = {
  states: {
    loading: [busy, calling("loadRecent", () => finishInput)],
    choosing: [
      notBusy,
      check("offers the recent activities the server answered", (s) =>
        isDeepStrictEqual(context(s).recent, recentOf(answerOf(s, "loadRecent"))),
      ),
      check("says why the last try was refused, if it was", (s) => {
        const last = s.events.findLast(
          (e) =>
            e.type === errorOf("confirm") || e.type === doneOf("loadRecent") || e.type === "finish.confirm",
        )
        const expected =
          last === undefined || last.type === doneOf("loadRecent")
            ? null
            : last.type === "finish.confirm"
              ? blank(last)
                ? "confirmationEmpty"
                : null
              : codeOf(last.error)
        return context(s).error === expected
      }),
    ],
    confirming: [busy, calling("confirm", lastSaying)],
    done: [
      notBusy,
      check("shows the confirmation the server kept", (s) =>
        isDeepStrictEqual(context(s).confirmed, answerOf(s, "confirm")),
      ),
    ],
    none: [notBusy, check("has nothing to offer", (s) => recentOf(context(s)).length === 0)],
    failed: [notBusy, showsRefusalOf("loadRecent")],
  },
  moves: [
    { from: "loading", on: doneOf("loadRecent"), given: some, to: "choosing" },
    { from: "loading", on: doneOf("loadRecent"), given: none, to: "none" },
    { from: "loading", on: errorOf("loadRecent"), to: "failed" },
    { from: "choosing", on: "finish.confirm", given: nothing, to: null },
    { from: "choosing", on: "finish.confirm", given: something, to: "confirming" },
    { from: "confirming", on: doneOf("confirm"), to: "done" },
    { from: "confirming", on: errorOf("confirm"), to: "choosing" },
    { from: "done", on: "finish.again", to: "loading" },
    { from: "failed", on: "finish.retry", to: "loading" },
  ],
}
