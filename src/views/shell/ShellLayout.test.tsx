import { fireEvent, screen, waitFor, within } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { myClustersMachine } from "../../machines/membership/myClusters"
import { notificationsUnreadMachine } from "../../machines/notifications/notificationsUnread"
import type { Cluster } from "../../schema"
import { withActors } from "../../testing/actors"
import { aUser, renderScreen, settledSession } from "../../testing/render"
import { aCluster } from "../../testing/renderCluster"
import { ShellLayout } from "./ShellLayout"

const withClusters = (clusters: ReadonlyArray<Cluster>) =>
  withActors(myClustersMachine, { loadMyClusters: async () => clusters })

describe("main shell", () => {
  it("offers the menu with the French labels and says there is no structure yet", async () => {
    const { session } = await settledSession(aUser())
    await renderScreen(<ShellLayout clustersMachine={withClusters([])} />, { session, path: "/home" })
    const nav = screen.getByRole("navigation", { name: "Menu principal" })
    for (const label of [
      "Créer une structure",
      "Machines",
      "Flottes",
      "Trouver mes machines",
      "Ajouter une machine",
      "Écran expert",
      "Databox",
      "Liste des compteurs/associations",
      "Planning",
      "Planning global",
      "Zones de travail",
      "Indice de végétation",
      "Ajouter des zones de travail",
    ]) {
      expect(within(nav).getByRole("link", { name: label })).toBeTruthy()
    }
    expect(await within(nav).findByText("Aucune structure pour l'instant")).toBeTruthy()
  })

  it("lists the person's structures in the menu, each opening its page", async () => {
    const { session } = await settledSession(aUser())
    const cluster = aCluster(["editCluster"])
    await renderScreen(<ShellLayout clustersMachine={withClusters([cluster])} />, { session, path: "/home" })
    const nav = screen.getByRole("navigation", { name: "Menu principal" })
    const link = await within(nav).findByRole("link", { name: "CUMA des Prés" })
    expect(link.getAttribute("href")).toBe(`/clusters/${cluster.id}`)
    expect(within(nav).queryByText("Aucune structure pour l'instant")).toBeNull()
    expect(within(nav).getByRole("link", { name: "Créer une structure" }).getAttribute("href")).toBe(
      "/clusters/add",
    )
  })

  it("shows the unread count on the bell, which opens the notifications", async () => {
    const { session } = await settledSession(aUser())
    await renderScreen(
      <ShellLayout
        clustersMachine={withClusters([])}
        unreadMachine={withActors(notificationsUnreadMachine, { countUnread: async () => 3 })}
      />,
      { session, path: "/home" },
    )
    const bell = await screen.findByRole("link", { name: "Notifications non lues : 3" })
    expect(bell.getAttribute("href")).toBe("/notifications")
    expect(within(bell.parentElement as HTMLElement).getByText("3")).toBeTruthy()
  })

  it("signs out from the account menu and lands on /signin", async () => {
    const { session, sent } = await settledSession(aUser())
    const { router } = await renderScreen(<ShellLayout clustersMachine={withClusters([])} />, {
      session,
      path: "/home",
    })
    fireEvent.click(screen.getByRole("button", { name: /Menu du compte/ }))
    const signOut = await screen.findByRole("menuitem", { name: "Se déconnecter" })
    fireEvent.click(signOut)
    await waitFor(() => expect(router.state.location.pathname).toBe("/signin"))
    expect(sent).toContainEqual({ type: "session.logout" })
  })
})
