import { createFileRoute } from "@tanstack/react-router"
import { ClusterRightsTab } from "../../views/clusters/ClusterRightsTab"

export const Route = createFileRoute("/_shell/clusters/$idCluster/ClustersRights")({
  staticData: { namespaces: ["clusters", "membership", "screens"] },
  component: () => <ClusterRightsTab />,
})
