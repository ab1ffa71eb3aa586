import { createFileRoute } from "@tanstack/react-router"
import { Section } from "../../views/common/Section"
import { sectionTabs } from "../../views/common/sections"

export const Route = createFileRoute("/_shell/clusters/$idCluster")({
  component: ClusterSection,
})

function ClusterSection() {
  const { idCluster } = Route.useParams()
  return <Section screen="cluster" base={`/clusters/${idCluster}`} tabs={sectionTabs.cluster} />
}
