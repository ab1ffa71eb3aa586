import { createFileRoute } from "@tanstack/react-router"
import { Section } from "../../views/common/Section"
import { sectionTabs } from "../../views/common/sections"

export const Route = createFileRoute("/_shell/maintenance")({
  staticData: { namespaces: ["screens"] },
  component: () => <Section screen="maintenance" base="/maintenance" tabs={sectionTabs.maintenance} />,
})
