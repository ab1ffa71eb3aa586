import { createFileRoute } from "@tanstack/react-router"
import { FieldId } from "../../schema/ids"
import { FieldActivities } from "../../views/fields/FieldActivities"

export const Route = createFileRoute("/_shell/fields/$idField/activities")({
  staticData: { namespaces: ["fields", "screens", "activities", "dateTime"] },
  component: FieldActivitiesTab,
})

/** The machines' work in the field, over a period, with its totals. */
function FieldActivitiesTab() {
  const { idField } = Route.useParams()
  return <FieldActivities key={idField} field={FieldId.make(idField)} />
}
