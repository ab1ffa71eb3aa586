import type { AnyEventObject } from "xstate"
import {
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
import { fieldErrors, invalid, noErrors, problem, showsRefusalOf, valid } from "../lib/paths.fields"

/** Which message each field of the action's form gets (SPEC §5; docs/maintenance.md). */
const formProblems = (event: AnyEventObject) => {
  const v = event.values as { date: string; comment: string; cost: string }
  const cost = v.cost.trim()
  return {
    date: v.date.trim() === "" ? "required" : null,
    comment: v.comment.trim().length > 2000 ? "textTooLong" : null,
    cost: problem.decimal(cost) ?? (cost !== "" && Number(cost) > 1_000_000 ? "outOfRange" : null),
  }
}

/** The server's last word on the list: whichever call answered last. */
const lists = check("lists exactly what the server answered last", (s) => {
  const last = lastOf(s, doneOf("loadStates"), doneOf("recordAction"))
  return context(s).states === (last?.output ?? null)
})
/** The rule whose form was sent last. */
const opened = (s: Seen) => {
  const save = lastOf(s, "maintenance.save")
  return { machine: save?.machine, rule: save?.rule }
}

/**
 * The maintenance dashboard (issue 19): the list is the server's; the form records the rule it was
 * opened for, with the date, comment and cost typed (the cost in cents, none when empty), and
 * sends nothing while a field is wrong; a refusal keeps the form open with the message.
 */
export const maintenanceDashboardSpec: Spec = {
  states: {
    loading: [busy, calling("loadStates", () => undefined)],
    failed: [
      notBusy,
      showsRefusalOf("loadStates"),
      check("lists nothing", (s) => context(s).states === null),
    ],
    ready: [notBusy, lists],
    saving: [
      busy,
      calling("recordAction", (s) => {
        const save = lastOf(s, "maintenance.save")
        const v = save?.values as { date: string; comment: string; cost: string }
        return {
          ...opened(s),
          id: save?.id,
          date: new Date(v.date).toISOString(),
          comment: v.comment.trim(),
          costCents: v.cost.trim() === "" ? null : Math.round(Number(v.cost) * 100),
        }
      }),
    ],
  },
  moves: [
    { from: "loading", on: doneOf("loadStates"), to: "ready", after: [noErrors] },
    { from: "loading", on: errorOf("loadStates"), to: "failed" },
    { from: "failed", on: "maintenance.retry", to: "loading" },
    {
      from: "ready",
      on: "maintenance.record",
      to: "ready",
      after: [
        check("opens that rule's form", (s) => {
          const r = context(s).recording as { machine?: string; rule?: string } | null
          return r?.machine === s.event?.machine && r?.rule === s.event?.rule
        }),
        noErrors,
      ],
    },
    {
      from: "ready",
      on: "maintenance.cancel",
      to: "ready",
      after: [check("closes the form", (s) => context(s).recording === null), noErrors],
    },
    { from: "ready", on: "maintenance.save", given: valid(formProblems), to: "saving" },
    {
      from: "ready",
      on: "maintenance.save",
      given: invalid(formProblems),
      to: "ready",
      after: [
        fieldErrors(formProblems),
        check("keeps that rule's form open", (s) => {
          const r = context(s).recording as { rule?: string } | null
          return r?.rule === s.event?.rule
        }),
      ],
    },
    {
      from: "saving",
      on: doneOf("recordAction"),
      to: "ready",
      after: [
        check("closes the form and says which rule was recorded", (s) => {
          const c = context(s)
          return c.recording === null && c.saved === opened(s).rule
        }),
      ],
    },
    {
      from: "saving",
      on: errorOf("recordAction"),
      to: "ready",
      after: [
        showsRefusalOf("recordAction"),
        check(
          "keeps the form open",
          (s) => (context(s).recording as { rule?: string } | null)?.rule === opened(s).rule,
        ),
      ],
    },
  ],
}
