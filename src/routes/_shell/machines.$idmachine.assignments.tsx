import { createFileRoute } from "@tanstack/react-router"
import { MachineAssignmentsTab } from "../../views/machines/MachineTabs"

export const Route = createFileRoute("/_shell/machines/$idmachine/assignments")({
  staticData: { namespaces: ["clusters", "membership", "machines", "counters", "screens", "dateTime"] },
  component: () => <MachineAssignmentsTab />,
})
