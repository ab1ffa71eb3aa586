import { createFileRoute } from "@tanstack/react-router"
import { AdminCounterAttributionsPage } from "../views/admin/AdminCountersPage"

export const Route = createFileRoute("/admin/counters-attributions")({
  staticData: { namespaces: ["clusters", "membership", "counters", "dateTime"] },
  component: () => <AdminCounterAttributionsPage />,
})
