import { lazyEffect } from "../../services/lazy"
import { pickoffMachine } from "./pickoff"

export const livePickoffMachine = pickoffMachine.provide({
  actors: {
    loadMachine: lazyEffect((live, id) => live.counters.publicMachine(id)),
    pickoff: lazyEffect((live, id) => live.counters.pickoff(id)),
  },
})
