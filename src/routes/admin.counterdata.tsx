import { createFileRoute } from "@tanstack/react-router"
import { AdminCounterDataPage } from "../views/admin/AdminCounterDataPage"

export const Route = createFileRoute("/admin/counterdata")({
  staticData: {
    namespaces: ["clusters", "membership", "counters", "dateTime", "telemetry", "dashboard", "screens"],
  },
  component: () => <AdminCounterDataPage />,
})
