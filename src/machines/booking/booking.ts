// Size: one chart of 12 states and 19 described transitions: one configuration, kept whole.
/**
 * An opened booking (/ActionBooking?booking=…) as the person sees it: THE booking lifecycle.
 *
 * requested → accepted (a member allowed to accept every resource says yes) | refused (says no);
 * requested | accepted → cancelled (the requester, the person it is for, or a manager). An edit
 * keeps it requested, or sends an accepted one back to requested unless the editor may accept it.
 * Refused and cancelled bookings free their resources and never move again; neither does a
 * booking that has ended. The server decides (409 bookingNotRequested, bookingClosed,
 * bookingEnded); each move here is offered only when the server's `can` says so.
 *
 * Input: { id, booking? } (booking: the one the form has just saved, shown without reading it
 * again). Events the view sends: `booking.accept`, `booking.refuse`, `booking.cancel` (asks
 * first) then `booking.confirm` or `booking.back`, `booking.edit` (the form) then `booking.saved`
 * { booking } or `booking.back`, `booking.retry`.
 * Read: `context.booking`, `context.error` (the last refusal, translated by the view), the tag `busy`.
 */
import { assign, setup } from "xstate"
import type { Booking, BookingMove } from "../../schema/booking"
import type { BookingId } from "../../schema/ids"
import type { MessageCode } from "../../schema/messages"
import { assignError, errorParams, unbound } from "../lib/kit"

export type BookingEvent =
  | { type: "booking.accept" }
  | { type: "booking.refuse" }
  | { type: "booking.cancel" }
  | { type: "booking.confirm" }
  | { type: "booking.back" }
  | { type: "booking.edit" }
  | { type: "booking.saved"; booking: Booking }
  | { type: "booking.retry" }

export interface BookingInput {
  readonly id: BookingId
  readonly booking?: Booking | null
}

export interface BookingContext {
  readonly id: BookingId
  readonly booking: Booking | null
  readonly error: MessageCode | null
}

const moveTo = (move: BookingMove | "edit", target: string, description: string) => ({
  description,
  guard: { type: "can" as const, params: { move } },
  target,
  actions: "clearError" as const,
})
const moving = (move: BookingMove, description: string) => ({
  description,
  tags: ["busy"] as string[],
  invoke: {
    id: `${move}Booking`,
    src: "moveBooking" as const,
    input: ({ context }: { context: BookingContext }) => ({ id: context.id, move }),
    onDone: {
      description: "The server's answer is the booking now.",
      target: "#booking.deciding",
      actions: {
        type: "assignBooking" as const,
        params: ({ event }: { event: { output: Booking } }) => event.output,
      },
    },
    onError: {
      description:
        "Refused (it moved meanwhile, it ended, a right is missing): the message shows and it reloads.",
      target: "#booking.loading",
      actions: { type: "assignError" as const, params: errorParams },
    },
  },
})
const editOrCancel = {
  "booking.edit": moveTo("edit", "#booking.editing", "Change it (the server's `can.edit`)."),
  "booking.cancel": moveTo("cancel", "#booking.confirmingCancel", "Cancel it: asked first."),
}

export const bookingMachine = setup({
  types: { context: {} as BookingContext, events: {} as BookingEvent, input: {} as BookingInput },
  actors: {
    loadBooking: unbound<Booking, BookingId>(),
    moveBooking: unbound<Booking, { id: BookingId; move: BookingMove }>(),
  },
  guards: {
    can: ({ context }, { move }: { move: BookingMove | "edit" }) => context.booking?.can[move] ?? false,
    unread: ({ context }) => context.booking === null,
    is: ({ context }, { status }: { status: Booking["status"] }) => context.booking?.status === status,
  },
  actions: {
    assignBooking: assign((_, booking: Booking) => ({ booking })),
    assignSaved: assign(({ event }) => (event.type === "booking.saved" ? { booking: event.booking } : {})),
    assignError: assignError(),
    clearError: assign({ error: null }),
  },
}).createMachine({
  id: "booking",
  description: "A booking's lifecycle: requested → accepted | refused; requested | accepted → cancelled.",
  context: ({ input }) => ({ id: input.id, booking: input.booking ?? null, error: null }),
  initial: "deciding",
  states: {
    loading: {
      description: "Reading the booking as the server holds it (a refusal's message stays shown).",
      tags: ["busy"],
      invoke: {
        id: "loadBooking",
        src: "loadBooking",
        input: ({ context }) => context.id,
        onDone: {
          description: "It arrived.",
          target: "deciding",
          actions: { type: "assignBooking", params: ({ event }) => event.output },
        },
        onError: {
          description: "Not visible (404) or unreachable: the message shows.",
          target: "failed",
          actions: { type: "assignError", params: errorParams },
        },
      },
    },
    failed: {
      description: "The booking could not be read.",
      on: { "booking.retry": { description: "Try again.", target: "loading" } },
    },
    deciding: {
      description: "Shown by its status.",
      always: [
        { description: "Not read yet (opened by its link): read it.", guard: "unread", target: "loading" },
        {
          description: "Waiting for an answer.",
          guard: { type: "is", params: { status: "requested" } },
          target: "requested",
        },
        {
          description: "Accepted.",
          guard: { type: "is", params: { status: "accepted" } },
          target: "accepted",
        },
        { description: "Refused.", guard: { type: "is", params: { status: "refused" } }, target: "refused" },
        { description: "Cancelled.", target: "cancelled" },
      ],
    },
    requested: {
      description: "Requested: shown red, waiting for a member allowed to accept every resource.",
      on: {
        "booking.accept": moveTo(
          "accept",
          "accepting",
          "Accept it (the server's `can.accept`): it turns green.",
        ),
        "booking.refuse": moveTo(
          "refuse",
          "refusing",
          "Refuse it (`can.refuse`): its resources are free again.",
        ),
        ...editOrCancel,
      },
    },
    accepted: {
      description: "Accepted: shown green. It may still be edited or cancelled while it has not ended.",
      on: editOrCancel,
    },
    refused: { description: "Refused: shown grey; it never moves again, its resources are free." },
    cancelled: { description: "Cancelled: shown grey; it never moves again, its resources are free." },
    confirmingCancel: {
      description: "Asking before cancelling (it cannot be undone).",
      on: {
        "booking.confirm": { description: "Cancel it.", target: "cancelling" },
        "booking.back": { description: "Keep it.", target: "deciding" },
      },
    },
    editing: {
      description: "The form is open on it.",
      on: {
        "booking.saved": {
          description: "Saved: the server's answer (requested again unless the editor may accept it).",
          target: "deciding",
          actions: "assignSaved",
        },
        "booking.back": { description: "Left unchanged.", target: "deciding" },
      },
    },
    accepting: moving("accept", "Accepting it."),
    refusing: moving("refuse", "Refusing it."),
    cancelling: moving("cancel", "Cancelling it."),
  },
})
