import { createFileRoute } from "@tanstack/react-router"
import { PublicNotAvailable } from "../views/common/PublicNotAvailable"

export const Route = createFileRoute("/machines/$idmachine/pickoff")({
  component: () => <PublicNotAvailable screen="pickoff" />,
})
