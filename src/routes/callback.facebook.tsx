import { createFileRoute } from "@tanstack/react-router"
import { PublicNotAvailable } from "../views/common/PublicNotAvailable"

export const Route = createFileRoute("/callback/facebook")({
  staticData: { namespaces: ["screens"] },
  component: () => <PublicNotAvailable screen="facebookCallback" />,
})
