import { HttpApiBuilder } from "@effect/platform"
import { Effect, Layer } from "effect"
import { SillonApi } from "../../src/schema/api"
import { Clusters } from "../clusters/service"

/** Structures and their members (SPEC §2, §3, §6); the rules live in server/clusters/service.ts. */
export const ClustersHttpLive = HttpApiBuilder.group(SillonApi, "clusters", (handlers) =>
  Effect.gen(function* () {
    const clusters = yield* Clusters
    return handlers
      .handle("list", () => clusters.list)
      .handle("create", ({ payload }) => clusters.create(payload))
      .handle("directory", ({ urlParams }) => clusters.directory(urlParams.q))
      .handle("get", ({ path }) => clusters.get(path.id))
      .handle("edit", ({ path, payload }) => clusters.edit(path.id, payload))
      .handle("remove", ({ path }) => clusters.remove(path.id))
      .handle("editDefaultRights", ({ path, payload }) =>
        clusters.editDefaultRights(path.id, payload.rights, payload.applyToMembers),
      )
      .handle("members", ({ path }) => clusters.members(path.id))
      .handle("editMember", ({ path, payload }) => clusters.editMember(path.id, path.userId, payload))
      .handle("removeMember", ({ path }) => clusters.removeMember(path.id, path.userId))
  }),
).pipe(Layer.provide(Clusters.Default))
