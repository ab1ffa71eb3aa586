import { createFileRoute } from "@tanstack/react-router"
import { CountersPage } from "../../views/counters/CountersPage"

export const Route = createFileRoute("/_shell/counter/")({
  component: () => <CountersPage />,
})
