import { createFileRoute } from "@tanstack/react-router"
import { AdminUsersPage } from "../views/admin/AdminUsersPage"

export const Route = createFileRoute("/admin/users")({
  staticData: { namespaces: ["clusters", "membership", "counters"] },
  component: () => <AdminUsersPage />,
})
