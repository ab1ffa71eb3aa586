import { createFileRoute } from "@tanstack/react-router"
import { NotAvailable } from "../../views/common/NotAvailable"

export const Route = createFileRoute("/_shell/reporting/areas")({
  staticData: { namespaces: ["screens"] },
  component: () => <NotAvailable screen="reportingAreas" />,
})
