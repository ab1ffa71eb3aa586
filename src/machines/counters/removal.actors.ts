import { lazyEffect } from "../../services/lazy"
import { removalMachine } from "./removal"

export const liveRemovalMachine = removalMachine.provide({
  actors: {
    loadCounters: lazyEffect((live) => live.counters.list),
    pickoff: lazyEffect((live, id) => live.counters.pickoff(id)),
  },
})
