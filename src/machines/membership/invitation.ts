/**
 * One invitation's lifecycle (SPEC §4): sent → accepted | declined | cancelled. The invitee
 * accepts or declines it; a member holding addMember cancels it. Only a sent invitation moves:
 * when the server answers `invitationClosed` (409: someone else answered or cancelled it first)
 * the chart says so and stops.
 *
 * Input: { invitation } as the server gave it, still sent (a closed one needs no chart: show its status).
 * Events the view sends (each only from `sent`):
 * - `invitation.accept`, `invitation.decline` (the invitee), `invitation.cancel` (the structure).
 * Read: the state (`sent`, `accepted`, `declined`, `cancelled`, `closed`), `context.invitation`
 * (the server's latest answer), `context.error` (message code of the last refusal, shown while
 * `sent`), the tag `busy`.
 * Named actions the view provides: `notifyAccepted` (the invitee joined: their structures change),
 * `tellEnded` (any end: accepted, declined, cancelled or closed).
 */
import { assign, setup } from "xstate"
import type { Invitation } from "../../schema/membership"
import type { MessageCode } from "../../schema/messages"
import { errorCode } from "../lib/form"
import { assignError, errorParams, unbound } from "../lib/kit"

export type InvitationEvent =
  | { type: "invitation.accept" }
  | { type: "invitation.decline" }
  | { type: "invitation.cancel" }

export interface InvitationContext {
  readonly invitation: Invitation
  readonly error: MessageCode | null
}

/** Where a call's answer leads: the invitation the server returns, or a refusal. */
const answered = (target: "accepted" | "declined" | "cancelled", description: string) => ({
  onDone: {
    description,
    target,
    actions: [
      {
        type: "assignInvitation" as const,
        params: ({ event }: { event: { output: Invitation } }) => event.output,
      },
      ...(target === "accepted" ? (["notifyAccepted"] as const) : []),
      "tellEnded" as const,
    ],
  },
  onError: [
    {
      description: "Already answered or cancelled elsewhere (invitationClosed): it cannot move any more.",
      guard: { type: "isClosed" as const, params: errorParams },
      target: "closed",
      actions: [{ type: "assignError" as const, params: errorParams }, "tellEnded" as const],
    },
    {
      description: "Refused or unreachable: still sent, the message shows.",
      target: "sent",
      actions: { type: "assignError" as const, params: errorParams },
    },
  ],
})

export const invitationMachine = setup({
  types: {
    context: {} as InvitationContext,
    events: {} as InvitationEvent,
    input: {} as { invitation: Invitation },
  },
  actors: {
    acceptInvitation: unbound<Invitation, Invitation>(),
    declineInvitation: unbound<Invitation, Invitation>(),
    cancelInvitation: unbound<Invitation, Invitation>(),
  },
  guards: {
    isClosed: (_, error: unknown) => errorCode(error) === "invitationClosed",
  },
  actions: {
    assignInvitation: assign((_, invitation: Invitation) => ({ invitation, error: null })),
    assignError: assignError(),
    clearError: assign({ error: null }),
    /** Provided by the view: a notification says the person joined (their structures change). */
    notifyAccepted: () => {},
    /** Provided by the view: the invitation no longer moves (the lists around it are read again). */
    tellEnded: () => {},
  },
}).createMachine({
  id: "invitation",
  description: "An invitation to join a structure: answered once by the invitee, or cancelled.",
  context: ({ input }) => ({ invitation: input.invitation, error: null }),
  initial: "sent",
  states: {
    sent: {
      description: "Open: the invitee may accept or decline it, the structure may cancel it.",
      on: {
        "invitation.accept": {
          description: "The invitee accepts.",
          target: "accepting",
          actions: "clearError",
        },
        "invitation.decline": {
          description: "The invitee declines.",
          target: "declining",
          actions: "clearError",
        },
        "invitation.cancel": {
          description: "The structure withdraws it.",
          target: "cancelling",
          actions: "clearError",
        },
      },
    },
    accepting: {
      description: "Accepting: the invitee becomes a member with the structure's default rights.",
      tags: ["busy"],
      invoke: {
        id: "acceptInvitation",
        src: "acceptInvitation",
        input: ({ context }) => context.invitation,
        ...answered("accepted", "Accepted: the invitee is a member."),
      },
    },
    declining: {
      description: "Declining.",
      tags: ["busy"],
      invoke: {
        id: "declineInvitation",
        src: "declineInvitation",
        input: ({ context }) => context.invitation,
        ...answered("declined", "Declined."),
      },
    },
    cancelling: {
      description: "Cancelling.",
      tags: ["busy"],
      invoke: {
        id: "cancelInvitation",
        src: "cancelInvitation",
        input: ({ context }) => context.invitation,
        ...answered("cancelled", "Cancelled."),
      },
    },
    accepted: { description: "Accepted: the invitee is a member.", type: "final" },
    declined: { description: "Declined by the invitee.", type: "final" },
    cancelled: { description: "Withdrawn by the structure.", type: "final" },
    closed: {
      description: "The server says it was already answered or cancelled: nothing more to do here.",
      type: "final",
    },
  },
})
