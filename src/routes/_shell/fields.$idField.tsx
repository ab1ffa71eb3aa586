import { createFileRoute } from "@tanstack/react-router"
import { FieldId } from "../../schema/ids"
import { Section } from "../../views/common/Section"
import { sectionTabs } from "../../views/common/sections"
import { FieldHeader } from "../../views/fields/FieldHeader"

export const Route = createFileRoute("/_shell/fields/$idField")({
  staticData: { namespaces: ["fields", "screens", "dateTime"] },
  component: FieldSection,
})

function FieldSection() {
  const { idField } = Route.useParams()
  return (
    <Section
      screen="field"
      base={`/fields/${idField}`}
      tabs={sectionTabs.field}
      header={<FieldHeader key={idField} id={FieldId.make(idField)} />}
    />
  )
}
