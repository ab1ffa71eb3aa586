import { createFileRoute } from "@tanstack/react-router"
import { AdminCountersPage } from "../views/admin/AdminCountersPage"

export const Route = createFileRoute("/admin/counters")({
  staticData: { namespaces: ["clusters", "membership", "counters", "dateTime"] },
  component: () => <AdminCountersPage />,
})
