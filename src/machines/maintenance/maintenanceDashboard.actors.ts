import { Effect } from "effect"
import type { MachineRuleState } from "../../schema/maintenance"
import { lazyEffect } from "../../services/lazy"
import { type ActionSave, maintenanceDashboardMachine } from "./maintenanceDashboard"

/** The maintenance dashboard with its calls bound; recording an action answers every rule again. */
export const liveMaintenanceDashboardMachine = maintenanceDashboardMachine.provide({
  actors: {
    loadStates: lazyEffect<ReadonlyArray<MachineRuleState>>((live) => live.maintenance.states()),
    recordAction: lazyEffect<ReadonlyArray<MachineRuleState>, ActionSave>((live, save) =>
      Effect.zipRight(live.maintenance.record(save), live.maintenance.states()),
    ),
  },
})
