import { createFileRoute } from "@tanstack/react-router"
import { ClusterMachinesTab } from "../../views/clusters/ClusterMachinesTab"

export const Route = createFileRoute("/_shell/clusters/$idCluster/ClustersMachines")({
  staticData: { namespaces: ["clusters", "membership", "machines", "screens"] },
  component: () => <ClusterMachinesTab />,
})
