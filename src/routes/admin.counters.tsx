import { createFileRoute } from "@tanstack/react-router"
import { NotAvailable } from "../views/common/NotAvailable"

export const Route = createFileRoute("/admin/counters")({
  component: () => <NotAvailable screen="adminCounters" />,
})
