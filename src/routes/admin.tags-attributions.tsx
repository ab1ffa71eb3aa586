import { createFileRoute } from "@tanstack/react-router"
import { AdminTagsPage } from "../views/admin/AdminTagsPage"

export const Route = createFileRoute("/admin/tags-attributions")({
  staticData: { namespaces: ["clusters", "membership", "counters"] },
  component: () => <AdminTagsPage />,
})
