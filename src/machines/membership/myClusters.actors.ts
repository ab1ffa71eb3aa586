import { lazyEffect } from "../../services/lazy"
import { myClustersMachine } from "./myClusters"

export const liveMyClustersMachine = myClustersMachine.provide({
  actors: { loadMyClusters: lazyEffect((live) => live.clusters.list) },
})
