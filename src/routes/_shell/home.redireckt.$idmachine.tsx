import { createFileRoute, redirect } from "@tanstack/react-router"

/** A shortcut link (from a box or a notification) that opens the machine's page. */
export const Route = createFileRoute("/_shell/home/redireckt/$idmachine")({
  beforeLoad: ({ params }) => {
    throw redirect({ to: "/machines/$idmachine", params, replace: true })
  },
})
