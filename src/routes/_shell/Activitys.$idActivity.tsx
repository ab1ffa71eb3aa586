import { createFileRoute } from "@tanstack/react-router"
import { ActivityId } from "../../schema/ids"
import { ActivityPage } from "../../views/activities/ActivityPage"

export const Route = createFileRoute("/_shell/Activitys/$idActivity")({
  staticData: { namespaces: ["screens", "dateTime", "activities", "membership", "fields"] },
  component: ActivityRoute,
})

function ActivityRoute() {
  const { idActivity } = Route.useParams()
  // A new activity is a new page: nothing of the last one stays.
  return <ActivityPage key={idActivity} id={ActivityId.make(idActivity)} />
}
