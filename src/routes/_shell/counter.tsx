import { createFileRoute } from "@tanstack/react-router"
import { Section } from "../../views/common/Section"
import { sectionTabs } from "../../views/common/sections"

export const Route = createFileRoute("/_shell/counter")({
  staticData: { namespaces: ["screens"] },
  component: () => <Section screen="counter" base="/counter" tabs={sectionTabs.counter} />,
})
