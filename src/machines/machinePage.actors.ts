import { Effect } from "effect"
import type { MachineId } from "../schema/ids"
import { lazyEffect } from "../services/lazy"
import { machinePageMachine } from "./machinePage"

export const liveMachinePageMachine = machinePageMachine.provide({
  actors: {
    // The machine decides (404 / 403); the grant rows and the box history are extras the page
    // does without when they cannot be read.
    loadMachine: lazyEffect((live, id: MachineId) =>
      Effect.all(
        {
          machine: live.machines.get(id),
          access: live.machines.usersAccess(id).pipe(Effect.orElseSucceed(() => [])),
          boxes: live.machines.boxHistory(id).pipe(Effect.orElseSucceed(() => null)),
        },
        { concurrency: "unbounded" },
      ),
    ),
    deleteMachine: lazyEffect((live, id: MachineId) => live.machines.remove(id)),
  },
})
