import { Effect } from "effect"
import { lazyEffect } from "../../services/lazy"
import type { Attribution } from "./bleTags"
import { bleTagsMachine } from "./bleTags"

export const liveBleTagsMachine = bleTagsMachine.provide({
  actors: {
    loadTags: lazyEffect((live) =>
      Effect.gen(function* () {
        const tags = yield* live.counters.bleTags
        const machines = yield* live.machines.list()
        const productTypes = yield* live.machines.productTypes
        const clusters = [...new Set(tags.flatMap((t) => (t.cluster ? [t.cluster.id] : [])))]
        const lists = yield* Effect.forEach(clusters, (id) => live.clusters.members(id), { concurrency: 4 })
        const members = Object.fromEntries(clusters.map((id, i) => [id, lists[i] ?? []]))
        return { tags, machines, members, productTypes }
      }),
    ),
    attributeTag: lazyEffect(
      (live, { tag, ...to }: { tag: Parameters<typeof live.counters.attributeTag>[0] } & Attribution) =>
        live.counters.attributeTag(tag, to),
    ),
  },
})
