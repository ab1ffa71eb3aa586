import { lazyEffect } from "../../services/lazy"
import { type ClusterSave, clusterFormMachine } from "./clusterForm"

export const liveClusterFormMachine = clusterFormMachine.provide({
  actors: {
    saveCluster: lazyEffect((live, { id, input }: ClusterSave) =>
      id === null ? live.clusters.create(input) : live.clusters.edit(id, input),
    ),
  },
})
