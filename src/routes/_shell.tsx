import { createFileRoute } from "@tanstack/react-router"
import { requireSession } from "../views/session/routeGuards"
import { ShellLayout } from "../views/shell/ShellLayout"

/** The main shell at /: guarded (SPEC §2). */
export const Route = createFileRoute("/_shell")({
  // The menus' texts: every screen inside the shell shows them.
  staticData: { namespaces: ["shellMenu"] },
  beforeLoad: requireSession,
  component: ShellLayout,
})
