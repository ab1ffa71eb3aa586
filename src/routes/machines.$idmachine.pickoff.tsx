import { createFileRoute } from "@tanstack/react-router"
import { NotAvailable } from "../views/common/NotAvailable"

export const Route = createFileRoute("/machines/$idmachine/pickoff")({
  component: () => <NotAvailable screen="pickoff" withHomeLink={false} />,
})
