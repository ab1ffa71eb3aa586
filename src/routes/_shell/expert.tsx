import { createFileRoute } from "@tanstack/react-router"
import { ExpertPage } from "../../views/telemetry/ExpertPage"

export const Route = createFileRoute("/_shell/expert")({
  staticData: { namespaces: ["screens", "telemetry", "dateTime", "dashboard", "membership", "clusters"] },
  component: () => <ExpertPage />,
})
