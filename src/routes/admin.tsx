import { createFileRoute } from "@tanstack/react-router"
import { AdminLayout } from "../views/admin/AdminLayout"
import { requireSession } from "../views/session/routeGuards"

/** SPEC shows no guard here; signing in is still required (the server checks the admin right). */
export const Route = createFileRoute("/admin")({
  staticData: { namespaces: ["counters", "screens"] },
  beforeLoad: requireSession,
  component: AdminLayout,
})
