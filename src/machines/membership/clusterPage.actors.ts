import type { ClusterId } from "../../schema/ids"
import { lazyEffect } from "../../services/lazy"
import { clusterPageMachine } from "./clusterPage"

export const liveClusterPageMachine = clusterPageMachine.provide({
  actors: {
    loadCluster: lazyEffect((live, id: ClusterId) => live.clusters.get(id)),
    deleteCluster: lazyEffect((live, id: ClusterId) => live.clusters.remove(id)),
  },
})
