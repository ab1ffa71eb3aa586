import { createFileRoute } from "@tanstack/react-router"
import { FieldsAddPage } from "../../views/fields/FieldsAddPage"

export const Route = createFileRoute("/_shell/FieldsAdd")({
  staticData: { namespaces: ["fields", "screens"] },
  component: () => <FieldsAddPage />,
})
