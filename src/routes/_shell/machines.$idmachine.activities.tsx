import { createFileRoute } from "@tanstack/react-router"
import { MachineLaterTab } from "../../views/machines/MachineTabs"

export const Route = createFileRoute("/_shell/machines/$idmachine/activities")({
  staticData: { namespaces: ["clusters", "membership", "machines", "counters", "screens", "dateTime"] },
  component: () => <MachineLaterTab tab="activities" />,
})
