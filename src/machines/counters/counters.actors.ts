import { lazyEffect } from "../../services/lazy"
import { countersMachine } from "./counters"

export const liveCountersMachine = countersMachine.provide({
  actors: { loadCounters: lazyEffect((live) => live.counters.list) },
})
