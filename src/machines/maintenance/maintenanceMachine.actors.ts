import { Effect } from "effect"
import type { MachineId, MaintenanceActionId } from "../../schema/ids"
import type { MachineSummary } from "../../schema/machine"
import { lazyEffect } from "../../services/lazy"
import { type MachineSheet, maintenanceMachineMachine, type ReadingSave } from "./maintenanceMachine"

/** The "Machines" tab with its calls bound; a reading or a deletion answers the machine again. */
export const liveMaintenanceMachineMachine = maintenanceMachineMachine.provide({
  actors: {
    loadMachines: lazyEffect<ReadonlyArray<MachineSummary>>((live) => live.machines.list()),
    loadSheet: lazyEffect<MachineSheet, MachineId>((live, machine) => live.maintenance.machineSheet(machine)),
    addReading: lazyEffect<MachineSheet, ReadingSave>((live, reading) =>
      Effect.zipRight(live.maintenance.addReading(reading), live.maintenance.machineSheet(reading.machine)),
    ),
    removeAction: lazyEffect<MachineSheet, { machine: MachineId; id: MaintenanceActionId }>(
      (live, { machine, id }) =>
        Effect.zipRight(live.maintenance.removeAction(id), live.maintenance.machineSheet(machine)),
    ),
  },
})
