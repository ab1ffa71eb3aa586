import { createFileRoute } from "@tanstack/react-router"
import { NotAvailable } from "../../views/common/NotAvailable"

export const Route = createFileRoute("/_shell/canbus_raw")({
  component: () => <NotAvailable screen="canbusRaw" />,
})
