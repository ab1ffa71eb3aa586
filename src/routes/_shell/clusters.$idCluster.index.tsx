import { createFileRoute } from "@tanstack/react-router"
import { ClusterInfoTab } from "../../views/clusters/ClusterInfoTab"

export const Route = createFileRoute("/_shell/clusters/$idCluster/")({
  staticData: { namespaces: ["clusters", "membership", "screens"] },
  component: () => <ClusterInfoTab />,
})
