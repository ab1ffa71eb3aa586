/**
 * Bookings reconciled with use (docs/booking-use.md): one booking's use (its page) or a structure's
 * window (the planning), for the members who accept the machines' bookings. One chart for both:
 * each screen provides its own `loadUse`.
 *
 * Input: `UseAsk` (the booking, or the structure and window, and the zone its days are read in).
 * Events the view sends:
 * - `use.show` (`ask`): read another booking or window (from any state; one still loading is dropped).
 * - `use.retry`: load the same again after a failure.
 * Read: `loading`; `shown` (`context.use`); `failed` (`context.error`: `forbidden` for a member who
 * accepts none of the machines, whom the screens show nothing).
 */
import { assign, setup } from "xstate"
import type { BookingUse, PlanningUse } from "../../schema/bookingUse"
import type { MessageCode } from "../../schema/messages"
import { assignError, errorParams, unbound } from "../lib/kit"

export type UseAsk =
  | { readonly kind: "booking"; readonly booking: string; readonly tz: string }
  | {
      readonly kind: "planning"
      readonly cluster: string
      /** The window [from, to), ISO instants. */
      readonly from: string
      readonly to: string
      readonly tz: string
    }

export type UseAnswer = BookingUse | PlanningUse

export type UseEvent = { type: "use.show"; ask: UseAsk } | { type: "use.retry" }

export interface UseContext {
  readonly ask: UseAsk
  /** The answer to `ask` (the last one stays while the next loads; null after a failure). */
  readonly use: UseAnswer | null
  readonly error: MessageCode | null
}

export const bookingUseMachine = setup({
  types: {
    context: {} as UseContext,
    events: {} as UseEvent,
    input: {} as UseAsk,
  },
  actors: {
    loadUse: unbound<UseAnswer, UseAsk>(),
  },
  actions: {
    assignAsk: assign((_, ask: UseAsk) => ({ ask, error: null })),
    assignUse: assign((_, use: UseAnswer) => ({ use, error: null })),
    assignError: assignError<UseContext, UseEvent>(() => ({ use: null })),
  },
}).createMachine({
  id: "bookingUse",
  description: "What the booked machines did: in a booking and beyond it, or over a planning's window.",
  context: ({ input }) => ({ ask: input, use: null, error: null }),
  initial: "loading",
  states: {
    loading: {
      description: "Asking the server how the machines were used (what was shown stays meanwhile).",
      tags: ["busy"],
      invoke: {
        id: "loadUse",
        src: "loadUse",
        input: ({ context }) => context.ask,
        onDone: {
          description: "The use arrived.",
          target: "shown",
          actions: { type: "assignUse", params: ({ event }) => event.output },
        },
        onError: {
          description:
            "Refused (the caller accepts none of the machines, the booking is no longer seen) or unreachable.",
          target: "failed",
          actions: { type: "assignError", params: errorParams },
        },
      },
    },
    shown: { description: "Each booking's state, its activities, the work beyond it or without booking." },
    failed: {
      description: "Nothing to show: a refusal shows nothing, a failure its message and a retry.",
      on: { "use.retry": { description: "Try the same again.", target: "loading" } },
    },
  },
  on: {
    "use.show": {
      description: "Read another booking or window (one still loading is dropped).",
      target: ".loading",
      reenter: true,
      actions: { type: "assignAsk", params: ({ event }) => event.ask },
    },
  },
})

export type BookingUseMachine = typeof bookingUseMachine
