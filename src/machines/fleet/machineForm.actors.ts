import { Effect } from "effect"
import type { ClusterId } from "../../schema/ids"
import { lazyEffect } from "../../services/lazy"
import { type MachineSave, machineFormMachine } from "./machineForm"

export const liveMachineFormMachine = machineFormMachine.provide({
  actors: {
    loadCatalogue: lazyEffect((live) =>
      Effect.all({ brands: live.machines.brands, categories: live.machines.categories }, { concurrency: 2 }),
    ),
    loadMembers: lazyEffect((live, cluster: ClusterId | null) =>
      cluster === null ? Effect.succeed([]) : live.clusters.members(cluster),
    ),
    saveMachine: lazyEffect((live, save: MachineSave) =>
      save.id === null ? live.machines.create(save.input) : live.machines.edit(save.id, save.input),
    ),
  },
})
