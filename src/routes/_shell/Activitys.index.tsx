import { createFileRoute } from "@tanstack/react-router"
import { ActivityListPage } from "../../views/activities/ActivityListPage"
import { activityListSearch } from "../../views/activities/listSearch"

export const Route = createFileRoute("/_shell/Activitys/")({
  staticData: { namespaces: ["screens", "dateTime", "activities"] },
  validateSearch: activityListSearch,
  component: () => <ActivityListPage />,
})
