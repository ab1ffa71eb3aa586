import { createFileRoute } from "@tanstack/react-router"
import { NotAvailable } from "../../views/common/NotAvailable"

export const Route = createFileRoute("/_shell/machinesManagement/actionsMaintenance")({
  staticData: { namespaces: ["screens"] },
  component: () => <NotAvailable screen="actionsMaintenance" />,
})
