import { createFileRoute } from "@tanstack/react-router"
import { useMachinePage } from "../../views/machines/MachinePage"
import { WorkOrderTab } from "../../views/usage/WorkOrderTab"

export const Route = createFileRoute("/_shell/machines/$idmachine/work_order")({
  staticData: {
    namespaces: [
      "clusters",
      "membership",
      "machines",
      "counters",
      "screens",
      "dateTime",
      "activities",
      "workOrder",
    ],
  },
  component: MachineWorkOrderTab,
})

/** The machine's activities ticked and printed as a work order (docs/work-order.md). */
function MachineWorkOrderTab() {
  const { machine } = useMachinePage()
  return <WorkOrderTab key={machine.id} machineId={machine.id} machineName={machine.name} />
}
