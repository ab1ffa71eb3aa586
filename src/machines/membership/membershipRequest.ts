/**
 * One request to join a structure (SPEC §4): pending validation → accepted | refused, decided
 * by a member holding validateMembership. Only a pending request moves: when the server answers
 * `requestClosed` (409: another validator decided first) the chart says so and stops.
 *
 * Input: { request } as the server gave it, still pending (a decided one needs no chart).
 * Events the view sends (each only from `pending`): `membershipRequest.accept`,
 * `membershipRequest.refuse`.
 * Read: the state (`pending`, `accepted`, `refused`, `closed`), `context.request` (the server's
 * latest answer), `context.error` (message code of the last refusal), the tag `busy`.
 * Named action the view provides: `tellDecided` { accepted } (any end: accepted, refused, closed).
 */
import { assign, setup } from "xstate"
import type { MembershipRequest } from "../../schema/membership"
import type { MessageCode } from "../../schema/messages"
import { errorCode } from "../lib/form"
import { assignError, errorParams, unbound } from "../lib/kit"

export type MembershipRequestEvent =
  | { type: "membershipRequest.accept" }
  | { type: "membershipRequest.refuse" }

export interface MembershipRequestContext {
  readonly request: MembershipRequest
  readonly error: MessageCode | null
}

const decided = (target: "accepted" | "refused", description: string) => ({
  onDone: {
    description,
    target,
    actions: [
      {
        type: "assignRequest" as const,
        params: ({ event }: { event: { output: MembershipRequest } }) => event.output,
      },
      { type: "tellDecided" as const, params: { accepted: target === "accepted" } },
    ],
  },
  onError: [
    {
      description: "Already decided by someone else (requestClosed): it cannot move any more.",
      guard: { type: "isClosed" as const, params: errorParams },
      target: "closed",
      actions: [
        { type: "assignError" as const, params: errorParams },
        { type: "tellDecided" as const, params: { accepted: false } },
      ],
    },
    {
      description: "Refused or unreachable: still pending, the message shows.",
      target: "pending",
      actions: { type: "assignError" as const, params: errorParams },
    },
  ],
})

export const membershipRequestMachine = setup({
  types: {
    context: {} as MembershipRequestContext,
    events: {} as MembershipRequestEvent,
    input: {} as { request: MembershipRequest },
  },
  actors: {
    acceptRequest: unbound<MembershipRequest, MembershipRequest>(),
    refuseRequest: unbound<MembershipRequest, MembershipRequest>(),
  },
  guards: {
    isClosed: (_, error: unknown) => errorCode(error) === "requestClosed",
  },
  actions: {
    assignRequest: assign((_, request: MembershipRequest) => ({ request, error: null })),
    assignError: assignError(),
    clearError: assign({ error: null }),
    /** Provided by the view: the request no longer moves (accepted: a member more). */
    tellDecided: (_, _decision: { accepted: boolean }) => {},
  },
}).createMachine({
  id: "membershipRequest",
  description: "A request to join a structure, pending until a validator accepts or refuses it.",
  context: ({ input }) => ({ request: input.request, error: null }),
  initial: "pending",
  states: {
    pending: {
      description: "Waiting for a member allowed to validate membership requests.",
      on: {
        "membershipRequest.accept": {
          description: "A validator accepts.",
          target: "accepting",
          actions: "clearError",
        },
        "membershipRequest.refuse": {
          description: "A validator refuses.",
          target: "refusing",
          actions: "clearError",
        },
      },
    },
    accepting: {
      description: "Accepting: the person becomes a member with the structure's default rights.",
      tags: ["busy"],
      invoke: {
        id: "acceptRequest",
        src: "acceptRequest",
        input: ({ context }) => context.request,
        ...decided("accepted", "Accepted: the person is a member."),
      },
    },
    refusing: {
      description: "Refusing.",
      tags: ["busy"],
      invoke: {
        id: "refuseRequest",
        src: "refuseRequest",
        input: ({ context }) => context.request,
        ...decided("refused", "Refused."),
      },
    },
    accepted: { description: "Accepted: the person is a member.", type: "final" },
    refused: { description: "Refused.", type: "final" },
    closed: {
      description: "The server says another validator already decided: nothing more to do here.",
      type: "final",
    },
  },
})
