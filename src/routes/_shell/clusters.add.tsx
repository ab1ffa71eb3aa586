import { createFileRoute } from "@tanstack/react-router"
import { ClusterAddPage } from "../../views/clusters/ClusterAddPage"

export const Route = createFileRoute("/_shell/clusters/add")({
  staticData: { namespaces: ["clusters", "screens"] },
  component: () => <ClusterAddPage />,
})
