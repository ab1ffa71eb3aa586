import { createFileRoute } from "@tanstack/react-router"
import { MachineDashboardTab } from "../../views/machines/history/MachineDashboard"

export const Route = createFileRoute("/_shell/machines/$idmachine/dashboard")({
  staticData: {
    namespaces: [
      "clusters",
      "membership",
      "machines",
      "counters",
      "screens",
      "dateTime",
      "machineHistory",
      "fields",
      "dashboard",
      "activities",
    ],
  },
  component: () => <MachineDashboardTab />,
})
