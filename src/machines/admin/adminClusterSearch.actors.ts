import { lazyEffect } from "../../services/lazy"
import { adminClusterSearchMachine } from "./adminClusterSearch"

export const liveAdminClusterSearchMachine = adminClusterSearchMachine.provide({
  actors: { searchClusters: lazyEffect((live, q) => live.clusters.directory(q)) },
})
