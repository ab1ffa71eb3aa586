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
 * SPEC §4 booking, issue 5: a booking is requested, then accepted or refused by a member allowed
 * to accept every resource; the requester or a manager may cancel it while it is requested or
 * accepted; refused and cancelled ones never move. Each move is offered only when the server's
 * `can` allows it; cancelling asks first; a refused move shows its reason and reads it again.
 */
type Shown = { status: string; can: Record<string, boolean> } | null
const shown = (s: Seen) => context(s).booking as Shown
const showsStatus = (status: string) => check(`shows a ${status} booking`, (s) => shown(s)?.status === status)
const allowed = (move: string) =>
  check(`was offered because the server allows ${move}`, (s) => shown(s)?.can[move] === true)
const theId = (s: Seen) => context(s).id
const moving = (move: string) => [
  busy,
  allowed(move),
  calling("moveBooking", (s) => ({ id: theId(s), move })),
]
const moved = (move: string, status: string) => ({
  from: `${move === "accept" ? "accept" : move === "refuse" ? "refus" : "cancell"}ing`,
  on: doneOf(`${move}Booking`),
  given: answered(status),
  to: status,
  after: [showsAnswer(move)],
})
const answered = (status: string) =>
  [
    `an answer ${status}`,
    (e: AnyEventObject) => ((e.output ?? e.booking) as { status?: string } | undefined)?.status === status,
  ] as const
const showsAnswer = (move: string) =>
  check("shows the server's answer", (s) => context(s).booking === answerOf(s, `${move}Booking`))
const offersNothing = check(
  "offers no move: it never changes again",
  (s) =>
    !["booking.accept", "booking.refuse", "booking.edit", "booking.cancel"].some((type) =>
      s.snapshot.can({ type }),
    ),
)

export const bookingSpec: Spec = {
  states: {
    loading: [busy, calling("loadBooking", theId)],
    failed: [notBusy, active, showsRefusalOf("loadBooking")],
    deciding: [active],
    requested: [notBusy, showsStatus("requested")],
    accepted: [
      notBusy,
      showsStatus("accepted"),
      check(
        "cannot be accepted or refused again",
        (s) => !s.snapshot.can({ type: "booking.accept" }) && !s.snapshot.can({ type: "booking.refuse" }),
      ),
    ],
    refused: [notBusy, showsStatus("refused"), offersNothing],
    cancelled: [notBusy, showsStatus("cancelled"), offersNothing],
    confirmingCancel: [notBusy, allowed("cancel")],
    editing: [notBusy, allowed("edit")],
    accepting: moving("accept"),
    refusing: moving("refuse"),
    cancelling: moving("cancel"),
  },
  moves: [
    ...["requested", "accepted", "refused", "cancelled"].map((status) => ({
      from: "loading",
      on: doneOf("loadBooking"),
      given: answered(status),
      to: status,
    })),
    { from: "loading", on: errorOf("loadBooking"), to: "failed" },
    { from: "failed", on: "booking.retry", to: "loading" },
    { from: "requested", on: "booking.accept", to: "accepting" },
    { from: "requested", on: "booking.refuse", to: "refusing" },
    { from: "requested", on: "booking.cancel", to: "confirmingCancel" },
    { from: "accepted", on: "booking.cancel", to: "confirmingCancel" },
    { from: "requested", on: "booking.edit", to: "editing" },
    { from: "accepted", on: "booking.edit", to: "editing" },
    { from: "confirmingCancel", on: "booking.confirm", to: "cancelling" },
    { from: "editing", on: "booking.saved", given: answered("requested"), to: "requested" },
    moved("accept", "accepted"),
    moved("refuse", "refused"),
    moved("cancel", "cancelled"),
    ...(["accept", "refuse", "cancel"] as const).map((move) => ({
      from: `${move === "accept" ? "accept" : move === "refuse" ? "refus" : "cancell"}ing`,
      on: errorOf(`${move}Booking`),
      to: "loading",
      after: [showsRefusalOf(`${move}Booking`)],
    })),
  ],
}
