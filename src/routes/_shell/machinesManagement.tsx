import { createFileRoute } from "@tanstack/react-router"
import { Section } from "../../views/common/Section"
import { sectionTabs } from "../../views/common/sections"

export const Route = createFileRoute("/_shell/machinesManagement")({
  staticData: { namespaces: ["screens"] },
  component: () => (
    <Section screen="machinesManagement" base="/machinesManagement" tabs={sectionTabs.machinesManagement} />
  ),
})
