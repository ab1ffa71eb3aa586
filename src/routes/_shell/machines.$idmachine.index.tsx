import { createFileRoute, redirect } from "@tanstack/react-router"

export const Route = createFileRoute("/_shell/machines/$idmachine/")({
  beforeLoad: ({ params }) => {
    throw redirect({ to: "/machines/$idmachine/activities", params, replace: true })
  },
})
