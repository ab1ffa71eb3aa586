import { createFileRoute } from "@tanstack/react-router"
import { AssociationWizard } from "../../views/counters/AssociationWizard"

export const Route = createFileRoute("/_shell/counter/Association")({
  staticData: { namespaces: ["clusters", "membership", "machines", "counters", "dateTime"] },
  component: () => <AssociationWizard />,
})
