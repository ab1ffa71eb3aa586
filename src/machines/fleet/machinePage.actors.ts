import { Effect } from "effect"
import type { MachineId } from "../../schema/ids"
import { lazyEffect } from "../../services/lazy"
import { machinePageMachine } from "./machinePage"

export const liveMachinePageMachine = machinePageMachine.provide({
  actors: {
    // The machine decides (404 / 403); the grant rows are an extra the page does without when
    // they cannot be read.
    loadMachine: lazyEffect((live, id: MachineId) =>
      Effect.all(
        {
          machine: live.machines.get(id),
          access: live.machines.usersAccess(id).pipe(Effect.orElseSucceed(() => [])),
        },
        { concurrency: "unbounded" },
      ),
    ),
    deleteMachine: lazyEffect((live, id: MachineId) => live.machines.remove(id)),
  },
})
