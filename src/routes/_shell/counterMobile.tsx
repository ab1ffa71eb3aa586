import { createFileRoute } from "@tanstack/react-router"
import { NotAvailable } from "../../views/common/NotAvailable"

export const Route = createFileRoute("/_shell/counterMobile")({
  component: () => <NotAvailable screen="counterMobile" />,
})
