import { createFileRoute, redirect } from "@tanstack/react-router"

export const Route = createFileRoute("/_shell/fields/$idField/")({
  beforeLoad: ({ params }) => {
    throw redirect({ to: "/fields/$idField/activities", params, replace: true })
  },
})
