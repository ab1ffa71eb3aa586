import { createFileRoute } from "@tanstack/react-router"
import { NotAvailable } from "../../views/common/NotAvailable"

export const Route = createFileRoute("/_shell/machines/$idmachine/work_order")({
  component: () => <NotAvailable screen="machineWorkOrder" />,
})
