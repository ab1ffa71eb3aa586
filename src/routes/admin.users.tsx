import { createFileRoute } from "@tanstack/react-router"
import { NotAvailable } from "../views/common/NotAvailable"

export const Route = createFileRoute("/admin/users")({
  component: () => <NotAvailable screen="adminUsers" />,
})
