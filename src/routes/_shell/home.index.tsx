import { createFileRoute } from "@tanstack/react-router"
import { HomePage } from "../../views/home/HomePage"

export const Route = createFileRoute("/_shell/home/")({
  staticData: { namespaces: ["announcements", "counters", "homePage"] },
  component: () => <HomePage />,
})
