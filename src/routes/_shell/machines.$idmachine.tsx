import { createFileRoute } from "@tanstack/react-router"
import { Section } from "../../views/common/Section"
import { sectionTabs } from "../../views/common/sections"

export const Route = createFileRoute("/_shell/machines/$idmachine")({
  component: MachineSection,
})

function MachineSection() {
  const { idmachine } = Route.useParams()
  return <Section screen="machine" base={`/machines/${idmachine}`} tabs={sectionTabs.machine} />
}
