import { createFileRoute } from "@tanstack/react-router"
import { MaintenanceRulesPage } from "../../views/maintenance/MaintenanceRules"

export const Route = createFileRoute("/_shell/maintenance/rules")({
  staticData: { namespaces: ["screens", "upkeepRules"] },
  component: MaintenanceRulesPage,
})
