import { createFileRoute } from "@tanstack/react-router"
import { VegetationIndexPage } from "../../views/vegetation/VegetationIndexPage"

export const Route = createFileRoute("/_shell/FieldsVegetationIndex")({
  staticData: { namespaces: ["vegetation", "fields", "screens"] },
  component: () => <VegetationIndexPage />,
})
