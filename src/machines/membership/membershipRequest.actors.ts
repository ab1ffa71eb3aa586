import type { MembershipRequest } from "../../schema/membership"
import { lazyEffect } from "../../services/lazy"
import { membershipRequestMachine } from "./membershipRequest"

export const liveMembershipRequestMachine = membershipRequestMachine.provide({
  actors: {
    acceptRequest: lazyEffect((live, r: MembershipRequest) => live.membership.acceptRequest(r.id)),
    refuseRequest: lazyEffect((live, r: MembershipRequest) => live.membership.refuseRequest(r.id)),
  },
})
