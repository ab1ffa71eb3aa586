import { createFileRoute } from "@tanstack/react-router"
import { NotAvailable } from "../../views/common/NotAvailable"

export const Route = createFileRoute("/_shell/fields/$idField/activities")({
  staticData: { namespaces: ["screens"] },
  component: () => <NotAvailable screen="fieldActivities" />,
})
