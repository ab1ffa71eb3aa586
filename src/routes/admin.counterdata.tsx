import { createFileRoute } from "@tanstack/react-router"
import { NotAvailable } from "../views/common/NotAvailable"

export const Route = createFileRoute("/admin/counterdata")({
  component: () => <NotAvailable screen="adminCounterdata" />,
})
