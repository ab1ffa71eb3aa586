import type { ClusterId } from "../../schema/ids"
import { lazyEffect } from "../../services/lazy"
import { type Association, associationWizardMachine } from "./associationWizard"

export const liveAssociationWizardMachine = associationWizardMachine.provide({
  actors: {
    loadCounters: lazyEffect((live) => live.counters.list),
    loadMachines: lazyEffect((live, id: ClusterId) => live.clusters.machines(id)),
    associate: lazyEffect((live, a: Association) =>
      live.counters.associate(a.counter, {
        cluster: a.cluster,
        machine: a.machine,
        start_date: a.start_date,
        end_date: a.end_date,
      }),
    ),
  },
})
