/**
 * Inviting a person by e-mail with a role (POST /clusters/{id}/invitations, right addMember).
 *
 * Input: { clusterId }.
 * Events the view sends:
 * - `invite.submit` { email, role }: validated here; field errors land in `context.errors`
 *   ('required', 'invalidEmail').
 * Read: `sent` (the invitation went out: `context.invited`), `context.error` (the server's
 * refusal: 'alreadyMember', 'alreadyInvited', 'forbidden'), the tag `busy`.
 * Named actions the view provides, once sent: `notifySent` { invitation }, `tellInvited`.
 */
import { Schema } from "effect"
import { assign, setup } from "xstate"
import type { ClusterId } from "../../schema/ids"
import { type Invitation, InvitePayload } from "../../schema/membership"
import type { MessageCode } from "../../schema/messages"
import { errorsOf, type FieldErrors, isValid } from "../lib/form"
import { assignError, errorParams, unbound } from "../lib/kit"

export type InviteValues = { email: string; role: string }
export type InviteEvent = { type: "invite.submit" } & InviteValues

export interface InviteContext {
  readonly clusterId: ClusterId
  readonly payload: InvitePayload | null
  readonly invited: Invitation | null
  readonly errors: FieldErrors<keyof InviteValues>
  readonly error: MessageCode | null
}

const submitTransitions = [
  {
    description: "Valid address and role: send the invitation.",
    guard: "isFormValid",
    target: "sending",
    actions: "assignPayload",
  },
  { description: "Invalid fields: show their messages.", actions: "assignFieldErrors" },
] as const

export const inviteMachine = setup({
  types: {
    context: {} as InviteContext,
    events: {} as InviteEvent,
    input: {} as { clusterId: ClusterId },
  },
  actors: {
    invite: unbound<Invitation, { clusterId: ClusterId; payload: InvitePayload }>(),
  },
  guards: {
    isFormValid: ({ event }) => isValid(InvitePayload, event),
  },
  actions: {
    assignPayload: assign({
      payload: ({ event }) => Schema.decodeUnknownSync(InvitePayload)(event),
      errors: {},
      error: null,
    }),
    assignFieldErrors: assign({ errors: ({ event }) => errorsOf(InvitePayload, event), error: null }),
    assignInvited: assign((_, invited: Invitation) => ({ invited, payload: null })),
    assignError: assignError(),
    /** Provided by the view: a notification names the address invited. */
    notifySent: (_, _invited: Invitation) => {},
    /** Provided by the view: the form empties and the invitations are read again. */
    tellInvited: () => {},
  },
}).createMachine({
  id: "invite",
  description: "Inviting someone to the structure by e-mail, with a role.",
  context: ({ input }) => ({
    clusterId: input.clusterId,
    payload: null,
    invited: null,
    errors: {},
    error: null,
  }),
  initial: "editing",
  states: {
    editing: {
      description: "The form: an e-mail address and a role.",
      on: { "invite.submit": [...submitTransitions] },
    },
    sending: {
      description: "Sending the invitation (an unknown address gets an account to finalise).",
      tags: ["busy"],
      invoke: {
        id: "invite",
        src: "invite",
        input: ({ context }) => ({ clusterId: context.clusterId, payload: context.payload as InvitePayload }),
        onDone: {
          description: "Invited: the invitation is listed as sent.",
          target: "sent",
          actions: [
            { type: "assignInvited", params: ({ event }) => event.output },
            { type: "notifySent", params: ({ event }) => event.output },
            "tellInvited",
          ],
        },
        onError: {
          description: "Refused (already a member, already invited, no right) or unreachable.",
          target: "editing",
          actions: { type: "assignError", params: errorParams },
        },
      },
    },
    sent: {
      description: "The invitation went out: the form is empty for another one.",
      on: { "invite.submit": [...submitTransitions] },
    },
  },
})
