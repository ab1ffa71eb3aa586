import { createFileRoute } from "@tanstack/react-router"
import { AnnouncementsPage } from "../../views/announcements/AnnouncementsPage"

export const Route = createFileRoute("/_shell/home/MegaPhone")({
  staticData: { namespaces: ["announcements", "dateTime", "clusters", "membership"] },
  component: () => <AnnouncementsPage />,
})
