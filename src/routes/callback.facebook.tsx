import { createFileRoute } from "@tanstack/react-router"
import { NotAvailable } from "../views/common/NotAvailable"

export const Route = createFileRoute("/callback/facebook")({
  component: () => <NotAvailable screen="facebookCallback" withHomeLink={false} />,
})
