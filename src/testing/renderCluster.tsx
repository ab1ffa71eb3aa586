import {
  createMemoryHistory,
  createRootRouteWithContext,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from "@tanstack/react-router"
import { render } from "@testing-library/react"
import { DateTime } from "effect"
import type { ReactNode } from "react"

import { clusterPageMachine } from "../machines/membership/clusterPage"
import { type Cluster, ClusterId, Member, UserId, UserSummary } from "../schema"
import type { Right } from "../schema/rights"
import { AppProviders } from "../views/app/AppProviders"
import { type MyClusters, MyClustersContext } from "../views/common/clusterContexts"
import type { RouterContext, SessionActor } from "../views/session/session"
import { runningSession, SessionContext } from "../views/session/session"
import { withActors } from "./actors"
import { sampleCluster } from "./clusters"
import { aUser } from "./render"

/** Sample structures and people for the structure screens' tests. */
export const clusterId = ClusterId.make("00000000-0000-4000-8000-0000000000c1")
export const me = aUser()
export const meSummary = new UserSummary({
  id: me.id,
  email: me.email,
  firstname: me.firstname,
  lastname: me.lastname,
  name: null,
})
export const paul = new UserSummary({
  id: UserId.make("00000000-0000-4000-8000-0000000000b2"),
  email: "paul@ferme.fr",
  firstname: "Paul",
  lastname: "Durand",
  name: null,
})
export const aCluster = (myRights: ReadonlyArray<Right>, overrides: Partial<Cluster> = {}) =>
  sampleCluster({ id: clusterId, name: "CUMA des Prés" }, myRights, overrides)
export const aMember = (user: UserSummary, rights: ReadonlyArray<Right>) =>
  new Member({ user, role: "member", rights, joinedAt: DateTime.unsafeMake("2026-01-05T08:00:00Z") })

/** A structure page chart whose structure loads at once (or fails with `error`). */
export const pageMachine = (
  cluster: Cluster | (() => Promise<Cluster>),
  deleteCluster?: () => Promise<void>,
) =>
  withActors(clusterPageMachine, {
    loadCluster: typeof cluster === "function" ? cluster : async () => cluster,
    ...(deleteCluster ? { deleteCluster } : {}),
  })

/**
 * Renders /clusters/{id} and its tabs as the app does: the structure page (its chart given) with
 * `tab` under it at `/clusters/{id}/<path>`, and /home; `myClusters` records menu refreshes.
 */
export const renderClusterPage = async ({
  session,
  page,
  tab,
  path = "",
}: {
  session: SessionActor
  page: ReactNode
  tab: ReactNode
  path?: string
}) => {
  const refreshes: number[] = []
  const myClusters: MyClusters = { clusters: [], refresh: () => refreshes.push(1) }
  const root = createRootRouteWithContext<RouterContext>()({ component: Outlet })
  const home = createRoute({ getParentRoute: () => root, path: "home", component: () => <p>home</p> })
  const section = createRoute({
    getParentRoute: () => root,
    path: "clusters/$idCluster",
    component: () => page,
  })
  const child = createRoute({
    getParentRoute: () => section,
    path: path === "" ? "/" : path,
    component: () => tab,
  })
  const running = runningSession(session)
  const router = createRouter({
    routeTree: root.addChildren([home, section.addChildren([child])]),
    history: createMemoryHistory({
      initialEntries: [`/clusters/${clusterId}${path === "" ? "" : `/${path}`}`],
    }),
    context: { session: running },
  })
  await router.load()
  const view = render(
    <AppProviders locale="fr">
      <SessionContext.Provider value={running}>
        <MyClustersContext.Provider value={myClusters}>
          <RouterProvider router={router} />
        </MyClustersContext.Provider>
      </SessionContext.Provider>
    </AppProviders>,
  )
  return { ...view, router, refreshes }
}
