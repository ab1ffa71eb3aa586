import { createFileRoute, redirect } from "@tanstack/react-router"

export const Route = createFileRoute("/_shell/maintenance/")({
  beforeLoad: () => {
    throw redirect({ to: "/maintenance/dashboard", replace: true })
  },
})
