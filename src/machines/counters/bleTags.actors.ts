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
        const clusters = [...new Set(tags.flatMap((t) => (t.cluster ? [t.cluster.id] : [])))]
        const lists = yield* Effect.forEach(clusters, (id) => live.clusters.members(id), { concurrency: 4 })
        return { tags, machines, members: Object.fromEntries(clusters.map((id, i) => [id, lists[i] ?? []])) }
      }),
    ),
    attributeTag: lazyEffect(
      (live, { tag, ...to }: { tag: Parameters<typeof live.counters.attributeTag>[0] } & Attribution) =>
        live.counters.attributeTag(tag, to),
    ),
  },
})
