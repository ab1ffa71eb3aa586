import type { ClusterId, UserId } from "../../schema/ids"
import { lazyEffect } from "../../services/lazy"
import { type MembersInput, membersMachine } from "./members"

export const liveMembersMachine = membersMachine.provide({
  actors: {
    loadPeople: lazyEffect((live, input: MembersInput) =>
      live.membership.clusterPeople(input.clusterId, input.myRights),
    ),
    removeMember: lazyEffect((live, input: { clusterId: ClusterId; userId: UserId }) =>
      live.membership.removeMember(input.clusterId, input.userId),
    ),
  },
})
