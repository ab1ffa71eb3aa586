import { createRootRouteWithContext, lazyRouteComponent, Outlet } from "@tanstack/react-router"
import { frameFor } from "../views/app/frame"
import type { RouterContext } from "../views/session/session"

export const Route = createRootRouteWithContext<RouterContext>()({
  // A screen shows once the styles it needs are there (views/app/frame.ts).
  beforeLoad: ({ location }) => frameFor(location.pathname),
  component: Outlet,
  // The root route is not split: its 404 page is loaded when it is needed.
  notFoundComponent: lazyRouteComponent(() => import("../views/common/NotFoundPage"), "NotFoundPage"),
})
