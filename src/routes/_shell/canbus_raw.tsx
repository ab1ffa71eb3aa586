import { createFileRoute } from "@tanstack/react-router"
import { CanbusRawPage } from "../../views/telemetry/ExpertPage"

export const Route = createFileRoute("/_shell/canbus_raw")({
  staticData: { namespaces: ["screens", "telemetry", "dateTime", "dashboard"] },
  component: () => <CanbusRawPage />,
})
