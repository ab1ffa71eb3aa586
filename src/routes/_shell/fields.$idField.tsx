import { createFileRoute } from "@tanstack/react-router"
import { Section } from "../../views/common/Section"
import { sectionTabs } from "../../views/common/sections"

export const Route = createFileRoute("/_shell/fields/$idField")({
  staticData: { namespaces: ["screens"] },
  component: FieldSection,
})

function FieldSection() {
  const { idField } = Route.useParams()
  return <Section screen="field" base={`/fields/${idField}`} tabs={sectionTabs.field} />
}
