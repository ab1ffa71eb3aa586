import { createFileRoute } from "@tanstack/react-router"
import { Section } from "../../views/common/Section"
import { sectionTabs } from "../../views/common/sections"

export const Route = createFileRoute("/_shell/reporting")({
  staticData: { namespaces: ["screens"] },
  component: () => <Section screen="reporting" base="/reporting" tabs={sectionTabs.reporting} />,
})
