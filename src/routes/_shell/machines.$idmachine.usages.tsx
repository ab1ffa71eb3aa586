import { createFileRoute } from "@tanstack/react-router"
import { useMachinePage } from "../../views/machines/MachinePage"
import { MachineUsage } from "../../views/usage/MachineUsage"

export const Route = createFileRoute("/_shell/machines/$idmachine/usages")({
  staticData: {
    namespaces: [
      "clusters",
      "membership",
      "machines",
      "counters",
      "screens",
      "dateTime",
      "activities",
      "usage",
    ],
  },
  component: MachineUsagesTab,
})

/** The machine's use by day, week or month (docs/usage.md). */
function MachineUsagesTab() {
  const { machine } = useMachinePage()
  return <MachineUsage key={machine.id} machineId={machine.id} />
}
