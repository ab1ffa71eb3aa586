import { lazyEffect } from "../../services/lazy"
import { adminTagsMachine } from "./adminTags"

export const liveAdminTagsMachine = adminTagsMachine.provide({
  actors: {
    loadTags: lazyEffect((live) => live.counters.adminBleTags),
    registerTag: lazyEffect((live, { id, type }) => live.counters.registerTag(id, type)),
    attributeTag: lazyEffect((live, { tag, cluster }) => live.counters.attributeTagCluster(tag, cluster)),
  },
})
