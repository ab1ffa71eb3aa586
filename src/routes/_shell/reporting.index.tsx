import { createFileRoute, redirect } from "@tanstack/react-router"

export const Route = createFileRoute("/_shell/reporting/")({
  beforeLoad: () => {
    throw redirect({ to: "/reporting/areas", replace: true })
  },
})
