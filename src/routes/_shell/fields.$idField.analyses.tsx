import { createFileRoute } from "@tanstack/react-router"
import { FieldId } from "../../schema/ids"
import { FieldAnalysis } from "../../views/usage/FieldAnalysis"

export const Route = createFileRoute("/_shell/fields/$idField/analyses")({
  staticData: { namespaces: ["fields", "screens", "activities", "dateTime", "usage"] },
  component: FieldAnalysesTab,
})

/** The field's season: worked area against its own, passes, machines, products (docs/usage.md). */
function FieldAnalysesTab() {
  const { idField } = Route.useParams()
  return <FieldAnalysis key={idField} field={FieldId.make(idField)} />
}
