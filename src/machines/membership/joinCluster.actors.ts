import { lazyEffect } from "../../services/lazy"
import { type JoinRequest, joinClusterMachine } from "./joinCluster"

export const liveJoinClusterMachine = joinClusterMachine.provide({
  actors: {
    searchDirectory: lazyEffect((live, q: string) => live.clusters.directory(q)),
    requestToJoin: lazyEffect((live, { clusterId, role }: JoinRequest) =>
      live.clusters.requestToJoin(clusterId, role),
    ),
  },
})
