import { createFileRoute } from "@tanstack/react-router"
import { MachineLaterTab } from "../../views/machines/MachineTabs"

export const Route = createFileRoute("/_shell/machines/$idmachine/work_order")({
  component: () => <MachineLaterTab tab="work_order" />,
})
