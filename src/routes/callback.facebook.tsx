import { createFileRoute } from "@tanstack/react-router"
import { PublicNotAvailable } from "../views/common/PublicNotAvailable"

export const Route = createFileRoute("/callback/facebook")({
  component: () => <PublicNotAvailable screen="facebookCallback" />,
})
