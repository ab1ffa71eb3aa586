import { createRootRouteWithContext, Outlet } from "@tanstack/react-router"
import { NotFoundPage } from "../views/common/NotFoundPage"
import type { RouterContext } from "../views/session/session"

export const Route = createRootRouteWithContext<RouterContext>()({
  component: Outlet,
  notFoundComponent: NotFoundPage,
})
