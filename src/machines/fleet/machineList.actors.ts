import { lazyEffect } from "../../services/lazy"
import { machineListMachine } from "./machineList"

export const liveMachineListMachine = machineListMachine.provide({
  actors: { loadMachines: lazyEffect((live) => live.machines.list()) },
})
