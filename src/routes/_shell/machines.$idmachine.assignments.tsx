import { createFileRoute } from "@tanstack/react-router"
import { MachineAssignmentsTab } from "../../views/machines/MachineTabs"

export const Route = createFileRoute("/_shell/machines/$idmachine/assignments")({
  component: () => <MachineAssignmentsTab />,
})
