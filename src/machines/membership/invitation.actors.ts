import type { Invitation } from "../../schema/membership"
import { lazyEffect } from "../../services/lazy"
import { invitationMachine } from "./invitation"

export const liveInvitationMachine = invitationMachine.provide({
  actors: {
    acceptInvitation: lazyEffect((live, i: Invitation) => live.membership.acceptInvitation(i.id)),
    declineInvitation: lazyEffect((live, i: Invitation) => live.membership.declineInvitation(i.id)),
    cancelInvitation: lazyEffect((live, i: Invitation) => live.membership.cancelInvitation(i.id)),
  },
})
