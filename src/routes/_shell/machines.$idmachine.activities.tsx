import { createFileRoute } from "@tanstack/react-router"
import { MachineActivitiesTab } from "../../views/machines/activities/MachineActivitiesTab"

export const Route = createFileRoute("/_shell/machines/$idmachine/activities")({
  staticData: {
    namespaces: ["clusters", "membership", "machines", "counters", "screens", "dateTime", "activities"],
  },
  component: () => <MachineActivitiesTab />,
})
