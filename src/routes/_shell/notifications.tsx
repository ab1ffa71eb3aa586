import { createFileRoute } from "@tanstack/react-router"
import { NotificationsPage } from "../../views/notifications/NotificationsPage"

export const Route = createFileRoute("/_shell/notifications")({
  staticData: { namespaces: ["clusters", "membership", "counters", "booking", "profile"] },
  component: () => <NotificationsPage />,
})
