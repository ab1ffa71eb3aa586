import { createFileRoute } from "@tanstack/react-router"
import { FieldsMainPage } from "../../views/fields/FieldsMainPage"

export const Route = createFileRoute("/_shell/FieldsMain")({
  staticData: { namespaces: ["fields", "screens"] },
  component: () => <FieldsMainPage />,
})
