import { createRootRouteWithContext, lazyRouteComponent, Outlet } from "@tanstack/react-router"
import { dictionariesFor } from "../views/app/dictionaries"
import { frameFor } from "../views/app/frame"
import { type RouterContext, sessionFor } from "../views/session/session"

export const Route = createRootRouteWithContext<RouterContext>()({
  // A screen shows once the styles (views/app/frame.ts), the texts (dictionaries.ts) and the
  // session chart (views/session/session.ts) it needs are there.
  beforeLoad: async ({ context, location, matches }) => {
    await Promise.all([
      frameFor(location.pathname),
      dictionariesFor(matches),
      sessionFor(context.session, location.pathname),
    ])
  },
  component: Outlet,
  // The root route is not split: its 404 page is loaded when it is needed.
  notFoundComponent: lazyRouteComponent(() => import("../views/common/NotFoundPage"), "NotFoundPage"),
})
