import { createFileRoute } from "@tanstack/react-router"
import { ClusterRoutePage } from "../../views/clusters/ClusterSection"

export const Route = createFileRoute("/_shell/clusters/$idCluster")({
  staticData: { namespaces: ["clusters", "screens"] },
  component: ClusterRoute,
})

function ClusterRoute() {
  const { idCluster } = Route.useParams()
  return <ClusterRoutePage idCluster={idCluster} />
}
