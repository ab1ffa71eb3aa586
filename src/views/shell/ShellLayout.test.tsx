import { fireEvent, screen, waitFor, within } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { myClustersMachine } from "../../machines/membership/myClusters"
import { notificationsUnreadMachine } from "../../machines/notifications/notificationsUnread"
import type { Cluster } from "../../schema"
import { rights } from "../../schema/rights"
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

  it("offers maintenance, raw CAN data, reports and partners to a person holding their rights", async () => {
    const { session } = await settledSession(aUser())
    await renderScreen(<ShellLayout clustersMachine={withClusters([aCluster([...rights])])} />, {
      session,
      path: "/home",
    })
    const nav = screen.getByRole("navigation", { name: "Menu principal" })
    for (const [label, href] of [
      ["Entretien", "/maintenance"],
      ["Données CAN brutes", "/canbus_raw"],
      ["Rapports", "/reporting"],
      ["Partenaires", "/partners"],
      ["Annonces", "/home/MegaPhone"],
    ]) {
      expect((await within(nav).findByRole("link", { name: label })).getAttribute("href")).toBe(href)
    }
    expect(within(nav).getByRole("heading", { name: "Pilotage" })).toBeTruthy()
  })

  it("hides the entries a person's rights leave empty", async () => {
    const { session } = await settledSession(aUser())
    await renderScreen(
      <ShellLayout clustersMachine={withClusters([aCluster(["seeMachines", "bookMachine"])])} />,
      {
        session,
        path: "/home",
      },
    )
    const nav = screen.getByRole("navigation", { name: "Menu principal" })
    expect(await within(nav).findByRole("link", { name: "Rapports" })).toBeTruthy()
    expect(within(nav).getByRole("link", { name: "Entretien" })).toBeTruthy()
    expect(within(nav).queryByRole("link", { name: "Partenaires" })).toBeNull()
  })

  it("shows none of them, nor their group, to a person without a structure", async () => {
    const { session } = await settledSession(aUser())
    await renderScreen(<ShellLayout clustersMachine={withClusters([])} />, { session, path: "/home" })
    const nav = screen.getByRole("navigation", { name: "Menu principal" })
    await within(nav).findByText("Aucune structure pour l'instant")
    for (const label of ["Entretien", "Données CAN brutes", "Rapports", "Partenaires"]) {
      expect(within(nav).queryByRole("link", { name: label })).toBeNull()
    }
    expect(within(nav).queryByRole("heading", { name: "Pilotage" })).toBeNull()
    expect(within(nav).getByRole("link", { name: "Annonces" })).toBeTruthy()
  })

  it("marks the open page's own entry only (the announcements, not the home above them)", async () => {
    const { session } = await settledSession(aUser())
    await renderScreen(<ShellLayout clustersMachine={withClusters([])} />, {
      session,
      path: "/home/MegaPhone",
    })
    const nav = screen.getByRole("navigation", { name: "Menu principal" })
    expect(within(nav).getByRole("link", { name: "Annonces" }).hasAttribute("data-active")).toBe(true)
    expect(within(nav).getByRole("link", { name: "Accueil" }).hasAttribute("data-active")).toBe(false)
  })

  it("opens the user guide from the account menu's Aide", async () => {
    const { session } = await settledSession(aUser())
    await renderScreen(<ShellLayout clustersMachine={withClusters([])} />, { session, path: "/home" })
    fireEvent.click(screen.getByRole("button", { name: /Menu du compte/ }))
    expect((await screen.findByRole("menuitem", { name: "Aide" })).getAttribute("href")).toBe("/help")
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
