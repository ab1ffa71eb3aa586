import type { ClusterId } from "../../schema/ids"
import { lazyEffect } from "../../services/lazy"
import { clusterRightsMachine, type DefaultsSave, type MemberRightsSave } from "./clusterRights"

export const liveClusterRightsMachine = clusterRightsMachine.provide({
  actors: {
    loadMembers: lazyEffect((live, id: ClusterId) => live.clusters.members(id)),
    saveDefaults: lazyEffect((live, s: DefaultsSave) =>
      live.clusters.editDefaultRights(s.clusterId, s.rights, s.applyToMembers),
    ),
    saveMemberRights: lazyEffect((live, s: MemberRightsSave) =>
      live.clusters.editMemberRights(s.clusterId, s.userId, s.rights),
    ),
  },
})
