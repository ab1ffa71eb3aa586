import type { AnyEventObject } from "xstate"
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

/**
 * SPEC §5 booking validation, issue 5: a machine is required ('Veuillez renseigner une machine'),
 * a user too, the end after the start; anything required missing sums up as 'Formulaire
 * incomplet'. The booking is sent to its first machine with the id chosen when the form loaded
 * (a retried submit never books twice); a resource taken meanwhile is named and the form stays.
 */
type Values = {
  resources: ReadonlyArray<{ kind: string; id: string }>
  user: string | null
  start: number | null
  end: number | null
}
const values = (e: AnyEventObject) => e.values as Values
const problems = (v: Values): Record<string, string> => {
  const found: Record<string, string> = {}
  if (!v.resources.some((r) => r.kind === "machine")) found.resources = "machineRequired"
  if (v.user === null) found.user = "userRequired"
  if (v.start === null) found.start_date = "required"
  if (v.end === null) found.end_date = "required"
  if (v.start !== null && v.end !== null && v.end <= v.start) found.end_date = "endBeforeStart"
  return found
}
const complete = [
  "complete values",
  (e: AnyEventObject) => Object.keys(problems(values(e))).length === 0,
] as const
const incomplete = [
  "values with problems",
  (e: AnyEventObject) => Object.keys(problems(values(e))).length > 0,
] as const
const loaded = (s: Seen) => context(s).data as { id: string } | null
const sent = (s: Seen) => {
  const v = context(s).values as Values
  return { machine: v.resources.find((r) => r.kind === "machine")?.id, id: loaded(s)?.id }
}

export const bookingFormSpec: Spec = {
  states: {
    loading: [busy, calling("loadForm", (s) => context(s).booking)],
    loadFailed: [notBusy, active, showsRefusalOf("loadForm")],
    editing: [active, check("holds what the form loaded", (s) => loaded(s) !== null)],
    "editing.idle": [notBusy],
    "editing.submitting": [
      busy,
      check("sends to the first machine, with the id chosen when the form loaded", (s) => {
        const call = s.running.find((r) => r.src === "saveBooking")?.input as
          | { machine: string; input: { id: string } }
          | undefined
        const want = sent(s)
        return call !== undefined && call.machine === want.machine && call.input.id === want.id
      }),
    ],
    saved: [
      check(
        "is over with the server's booking",
        (s) => s.snapshot.status === "done" && s.snapshot.output !== undefined,
      ),
    ],
  },
  moves: [
    {
      from: "loading",
      on: doneOf("loadForm"),
      to: "editing.idle",
      after: [
        check("starts from the link: its machine first, for me", (s) => {
          const v = context(s).values as Values
          const prefill = context(s).prefill as { machine?: string }
          return v.resources[0]?.id === prefill.machine && v.user === context(s).me
        }),
      ],
    },
    { from: "loading", on: errorOf("loadForm"), to: "loadFailed" },
    { from: "loadFailed", on: "bookingForm.retry", to: "loading" },
    { from: "editing.idle", on: "bookingForm.submit", given: complete, to: "editing.submitting" },
    {
      from: "editing.idle",
      on: "bookingForm.submit",
      given: incomplete,
      to: "editing.idle",
      after: [
        check(
          "shows each field's problem, and 'Formulaire incomplet' when something required is missing",
          (s) => {
            const want = problems(values(s.event as AnyEventObject))
            const errors = context(s).errors as Record<string, string>
            const required = Object.values(want).some((c) => c !== "endBeforeStart")
            return (
              Object.entries(want).every(([k, c]) => errors[k] === c) &&
              context(s).error === (required ? "bookingIncomplete" : null)
            )
          },
        ),
      ],
    },
    {
      from: "editing.idle",
      on: "bookingForm.pickCluster",
      to: "editing.idle",
      after: [
        check("forgets the previous structure's members and fields while the new ones load", (s) => {
          const c = context(s)
          return c.members === null && c.fields === null
        }),
      ],
    },
    {
      from: "editing",
      on: doneOf("loadFields"),
      to: null,
      after: [
        check(
          "offers the fields the server gave for the structure",
          (s) => JSON.stringify(context(s).fields) === JSON.stringify(answerOf(s, "loadFields")),
        ),
      ],
    },
    {
      from: "editing",
      on: errorOf("loadFields"),
      to: null,
      after: [
        check("offers no field of the structure", (s) => (context(s).fields as unknown[]).length === 0),
      ],
    },
    { from: "editing.submitting", on: doneOf("saveBooking"), to: "saved" },
    {
      from: "editing.submitting",
      on: errorOf("saveBooking"),
      to: "editing.idle",
      after: [
        showsRefusalOf("saveBooking"),
        check("names the resources a 409 gave, the typed values kept", (s) => {
          const refusal = s.event as unknown as { error: { resources?: ReadonlyArray<{ name: string }> } }
          const names = (refusal.error.resources ?? []).map((r) => r.name)
          return (
            JSON.stringify(context(s).unavailable) === JSON.stringify(names) && sent(s).machine !== undefined
          )
        }),
      ],
    },
  ],
}
