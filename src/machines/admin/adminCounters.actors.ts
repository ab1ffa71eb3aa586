import { lazyEffect } from "../../services/lazy"
import { adminCountersMachine } from "./adminCounters"

export const liveAdminCountersMachine = adminCountersMachine.provide({
  actors: {
    loadCounters: lazyEffect((live) => live.counters.adminCounters),
    registerCounter: lazyEffect((live, { id, kind }) => live.counters.registerCounter(id, kind)),
    rotateSecret: lazyEffect((live, id) => live.counters.rotateSecret(id)),
    attributeCounter: lazyEffect((live, { counter, cluster }) =>
      live.counters.attributeCounter(counter, cluster),
    ),
  },
})
