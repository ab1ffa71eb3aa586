import { createFileRoute } from "@tanstack/react-router"
import { NotAvailable } from "../views/common/NotAvailable"

export const Route = createFileRoute("/admin/tags-attributions")({
  component: () => <NotAvailable screen="adminTagsAttributions" />,
})
