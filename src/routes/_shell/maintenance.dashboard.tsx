import { createFileRoute } from "@tanstack/react-router"
import { MaintenanceDashboardPage } from "../../views/maintenance/MaintenanceDashboard"

export const Route = createFileRoute("/_shell/maintenance/dashboard")({
  staticData: { namespaces: ["screens", "upkeep", "dateTime"] },
  component: MaintenanceDashboardPage,
})
