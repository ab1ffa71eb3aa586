import {
  active,
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

/**
 * SPEC §4: an association is active until its end date has passed; a past one never changes
 * (no edit, no end); only the dates change; ending now and deletion ask first (an ended one can
 * no longer change; deletion is permanent).
 */
type Assoc = { id: string; start_date: { epochMillis: number }; end_date: { epochMillis: number } | null }
const shown = (s: Seen) => context(s).association as Assoc
const now = (s: Seen) => context(s).now as number
const past = (s: Seen) => {
  const end = shown(s).end_date
  return end !== null && end.epochMillis <= now(s)
}
const isPast = check("shows an association whose end has passed", past)
const notPast = check("shows an association not yet ended", (s) => !past(s))
const pastRefused = check(
  "says a past association cannot change",
  (s) => context(s).error === "modificationNotAllowed",
)

export const associationSpec: Spec = {
  states: {
    deciding: [notBusy],
    active: [notBusy, active, notPast],
    editing: [notBusy, active, notPast],
    saving: [
      busy,
      notPast,
      calling("editAssociation", (s) => ({ id: shown(s).id, edit: context(s).pending })),
    ],
    ended: [notBusy, active, isPast],
    confirmingEnd: [notBusy, active, notPast],
    confirming: [notBusy, active],
    deleting: [busy, calling("deleteAssociation", (s) => shown(s).id)],
    deleted: [check("is over", (s) => s.snapshot.status === "done")],
  },
  moves: [
    { from: "active", on: "association.edit", to: "editing" },
    { from: "ended", on: "association.edit", to: "ended", after: [pastRefused] },
    { from: "ended", on: "association.end", to: "ended", after: [pastRefused] },
    { from: "active", on: "association.delete", to: "confirming" },
    { from: "ended", on: "association.delete", to: "confirming" },
    { from: "editing", on: "association.cancel", to: "active" },
    {
      from: "editing",
      on: "association.save",
      given: [
        "an end not after the start",
        (e) => e.end_date !== null && e.end_date.epochMillis <= e.start_date.epochMillis,
      ],
      to: "editing",
      after: [check("says the end must be after the start", (s) => context(s).error === "endBeforeStart")],
    },
    { from: "active", on: "association.end", to: "confirmingEnd" },
    { from: "confirmingEnd", on: "association.cancel", to: "active" },
    {
      from: "confirmingEnd",
      on: "association.confirm",
      to: "saving",
      after: [
        check("sends the end as now", (s) => {
          const pending = context(s).pending as { end_date?: { epochMillis: number } } | null
          return pending?.end_date?.epochMillis === now(s)
        }),
      ],
    },
    { from: "confirming", on: "association.confirm", to: "deleting" },
    { from: "deleting", on: doneOf("deleteAssociation"), to: "deleted" },
    {
      from: "saving",
      on: errorOf("editAssociation"),
      to: "active",
      after: [showsRefusalOf("editAssociation")],
    },
  ],
}
