import type { ClusterId, MachineId } from "../../schema/ids"
import { lazyEffect } from "../../services/lazy"
import { type AccessSave, machineAccessMachine } from "./machineAccess"

export const liveMachineAccessMachine = machineAccessMachine.provide({
  actors: {
    loadMachines: lazyEffect((live, id: ClusterId) => live.clusters.machines(id)),
    loadAccess: lazyEffect((live, id: MachineId) => live.clusters.usersAccess(id)),
    saveAccess: lazyEffect((live, s: AccessSave) =>
      live.clusters.editUserAccess(s.machineId, s.userId, s.grants),
    ),
  },
})
