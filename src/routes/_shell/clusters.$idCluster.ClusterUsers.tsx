import { createFileRoute } from "@tanstack/react-router"
import { ClusterUsersPage } from "../../views/members/ClusterUsersPage"

export const Route = createFileRoute("/_shell/clusters/$idCluster/ClusterUsers")({
  staticData: { namespaces: ["clusters", "membership"] },
  component: () => <ClusterUsersPage />,
})
