import type { ClusterId } from "../../schema/ids"
import type { InvitePayload } from "../../schema/membership"
import { lazyEffect } from "../../services/lazy"
import { inviteMachine } from "./invite"

export const liveInviteMachine = inviteMachine.provide({
  actors: {
    invite: lazyEffect((live, input: { clusterId: ClusterId; payload: InvitePayload }) =>
      live.membership.invite(input.clusterId, input.payload),
    ),
  },
})
