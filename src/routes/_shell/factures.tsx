import { createFileRoute } from "@tanstack/react-router"
import { NotAvailable } from "../../views/common/NotAvailable"

export const Route = createFileRoute("/_shell/factures")({
  staticData: { namespaces: ["screens"] },
  component: () => <NotAvailable screen="factures" />,
})
