import { createFileRoute } from "@tanstack/react-router"
import { FieldsImportPage } from "../../views/fields/FieldsImportPage"

export const Route = createFileRoute("/_shell/FieldsAdd")({
  staticData: { namespaces: ["fields", "screens"] },
  component: () => <FieldsImportPage />,
})
