import { createFileRoute } from "@tanstack/react-router"
import { AdminCountersPage } from "../views/admin/AdminCountersPage"

export const Route = createFileRoute("/admin/counters")({
  component: () => <AdminCountersPage />,
})
