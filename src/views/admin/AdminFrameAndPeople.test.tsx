import { fireEvent, screen, waitFor, within } from "@testing-library/react"
import { DateTime } from "effect"
import { describe, expect, it } from "vitest"
import { fromPromise } from "xstate"
import { adminUsersMachine } from "../../machines/admin/adminUsers"
import { AdminUser, Forbidden, serverMessages, type UserId, UserSummary } from "../../schema"
import { renderWith } from "../../testing/counters"
import { aUser, renderScreen, settledSession } from "../../testing/render"
import { AdminLayout } from "./AdminLayout"
import { AdminUsersPage } from "./AdminUsersPage"

const person = (id: string, firstname: string) =>
  new UserSummary({
    id: `00000000-0000-4000-8000-00000000000${id}` as UserId,
    email: `${firstname.toLowerCase()}@ferme.fr`,
    firstname,
    lastname: "Martin",
    name: null,
  })
const row = (
  user: UserSummary,
  admin: boolean,
  status: "finalised" | "unconfigured" = "finalised",
  clusters = 1,
) => new AdminUser({ user, admin, status, clusters, createdAt: DateTime.unsafeMake("2026-01-01T00:00:00Z") })
const anne = person("1", "Anne")
const paul = person("2", "Paul")
const cardOf = (label: string) => screen.getByRole("listitem", { name: label })

describe("admin: the area's frame", () => {
  it("shows every tab with a short label as its name and its full name as title, and a way back to the app", async () => {
    const { session } = await settledSession(aUser())
    await renderScreen(<AdminLayout />, { session, path: "/admin/counters" })
    expect(await screen.findByRole("heading", { level: 1, name: "Administration" })).toBeTruthy()
    const tabs = screen.getAllByRole("tab")
    expect(tabs.map((t) => [t.textContent, t.getAttribute("title"), t.getAttribute("href")])).toEqual([
      ["Personnes", "Utilisateurs", "/admin/users"],
      ["Boîtiers", "Compteurs", "/admin/counters"],
      ["Attributions", "Attributions de compteurs", "/admin/counters-attributions"],
      ["Tags", "Attributions de tags", "/admin/tags-attributions"],
      ["Données", "Données des compteurs", "/admin/counterdata"],
    ])
    // Label in name (WCAG 2.5.3): the name is the text shown, so voice control finds the tab by it.
    expect(tabs.every((t) => t.getAttribute("aria-label") === null)).toBe(true)
    expect(screen.getByRole("tab", { name: "Boîtiers" }).getAttribute("aria-selected")).toBe("true")
    expect(screen.getByRole("tablist", { name: "Administration" })).toBeTruthy()
    const back = within(screen.getByRole("banner")).getByRole("link", { name: "Retour à l'application" })
    expect(back.getAttribute("href")).toBe("/home")
  })

  it("on a phone the tabs wrap onto more rows instead of scrolling out of sight", async () => {
    const { session } = await settledSession(aUser())
    await renderScreen(<AdminLayout />, { session, path: "/admin/users" })
    const list = await screen.findByRole("tablist")
    expect(list.style.flexWrap).toBe("wrap")
    expect(list.style.overflowX).toBe("")
  })
})

describe("admin: people", () => {
  const render = (
    load: () => Promise<ReadonlyArray<AdminUser>>,
    setAdmin?: (u: UserId, a: boolean) => AdminUser,
  ) => {
    const calls: Array<{ user: UserId; admin: boolean }> = []
    const machine = adminUsersMachine.provide({
      actors: {
        loadUsers: fromPromise(load),
        setAdmin: fromPromise<AdminUser, { user: UserId; admin: boolean }>(async ({ input }) => {
          calls.push(input)
          if (!setAdmin) throw Forbidden.of("modificationNotAllowed")
          return setAdmin(input.user, input.admin)
        }),
      },
    })
    return { calls, view: renderWith(<AdminUsersPage machine={machine} />, []) }
  }

  it("a signed-in person who is not an administrator is told the area is reserved", async () => {
    await render(async () => Promise.reject(Forbidden.of())).view
    expect(await screen.findByText("Réservé aux administrateurs")).toBeTruthy()
    expect(screen.getByText("Cet espace est réservé aux administrateurs de la plateforme.")).toBeTruthy()
  })

  it("lists every account with its flag and status, and makes one an administrator", async () => {
    const { calls, view } = render(
      async () => [row(anne, true), row(paul, false, "unconfigured")],
      (_, admin) => row(paul, admin, "unconfigured"),
    )
    await view
    const paulCard = await screen.findByRole("listitem", { name: "Martin Paul" })
    expect(within(paulCard).getByText(/compte à finaliser/)).toBeTruthy()
    expect(within(cardOf("Martin Anne")).getByText("Administrateur")).toBeTruthy()
    fireEvent.click(within(paulCard).getByRole("button", { name: "Nommer administrateur" }))
    expect(calls).toEqual([])
    const dialog = await screen.findByRole("dialog", { name: "Nommer Martin Paul administrateur ?" })
    expect(dialog.textContent).toContain("Martin Paul aura tous les droits sur la plateforme")
    fireEvent.click(within(dialog).getByRole("button", { name: "Nommer administrateur" }))
    await waitFor(() => expect(within(cardOf("Martin Paul")).getByText("Administrateur")).toBeTruthy())
    expect(calls).toEqual([{ user: paul.id, admin: true }])
  })

  it("asks before making someone an administrator: cancelling changes nothing", async () => {
    const { calls, view } = render(async () => [row(anne, true), row(paul, false)])
    await view
    fireEvent.click(
      within(await screen.findByRole("listitem", { name: "Martin Paul" })).getByRole("button", {
        name: "Nommer administrateur",
      }),
    )
    const dialog = await screen.findByRole("dialog", { name: "Nommer Martin Paul administrateur ?" })
    fireEvent.click(within(dialog).getByText("Annuler"))
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull())
    expect(calls).toEqual([])
    expect(within(cardOf("Martin Paul")).queryByText("Administrateur")).toBeNull()
    expect(within(cardOf("Martin Paul")).getByRole("button", { name: "Nommer administrateur" })).toBeTruthy()
  })

  it("counts each person's structures with a proper plural", async () => {
    await render(async () => [row(anne, true, "finalised", 1), row(paul, false, "finalised", 3)]).view
    const anneCard = await screen.findByRole("listitem", { name: "Martin Anne" })
    expect(within(anneCard).getByText(/compte actif/).textContent).toMatch(/· 1 structure$/)
    expect(within(cardOf("Martin Paul")).getByText(/compte actif/).textContent).toMatch(/· 3 structures$/)
  })

  it("the last administrator keeps the role: the refusal is translated", async () => {
    const { view } = render(async () => [row(anne, true)])
    await view
    fireEvent.click(await screen.findByRole("button", { name: "Retirer le rôle d'administrateur" }))
    const dialog = await screen.findByRole("dialog", {
      name: "Retirer le rôle d'administrateur à Martin Anne ?",
    })
    fireEvent.click(within(dialog).getByRole("button", { name: "Retirer le rôle d'administrateur" }))
    expect(await screen.findByText(serverMessages.modificationNotAllowed)).toBeTruthy()
    expect(within(cardOf("Martin Anne")).getByText("Administrateur")).toBeTruthy()
  })
})
