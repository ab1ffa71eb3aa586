import { createRootRouteWithContext, lazyRouteComponent, Outlet } from "@tanstack/react-router"
import { dictionariesFor } from "../views/app/dictionaries"
import { frameFor } from "../views/app/frame"
import type { RouterContext } from "../views/session/session"

export const Route = createRootRouteWithContext<RouterContext>()({
  // A screen shows once the styles (views/app/frame.ts) and the texts (dictionaries.ts) it needs
  // are there.
  beforeLoad: async ({ location, matches }) => {
    await Promise.all([frameFor(location.pathname), dictionariesFor(matches)])
  },
  component: Outlet,
  // The root route is not split: its 404 page is loaded when it is needed.
  notFoundComponent: lazyRouteComponent(() => import("../views/common/NotFoundPage"), "NotFoundPage"),
})
