import { createFileRoute, redirect } from "@tanstack/react-router"

export const Route = createFileRoute("/_shell/machines/$idmachine/")({
  // The machine's first tab; its search (`?edit=1`: a link to the edit form) goes along.
  beforeLoad: ({ params, search }) => {
    throw redirect({ to: "/machines/$idmachine/activities", params, search, replace: true })
  },
})
