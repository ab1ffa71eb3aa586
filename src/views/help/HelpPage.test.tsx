import { fireEvent, screen, within } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import type { Locales } from "../../i18n/locale"
import { aUser, renderScreen, settledSession } from "../../testing/render"
import { LanguageSwitch } from "../common/LanguageSwitch"
import { HelpPage } from "./HelpPage"

const render = async (locale: Locales = "fr") => {
  const { session } = await settledSession(aUser())
  return renderScreen(
    <>
      <LanguageSwitch />
      <HelpPage />
    </>,
    { session, path: "/help", locale },
  )
}

describe("user guide (/help)", () => {
  it("lists the home cards' tasks, each with a link to the screen where it is done", async () => {
    await render()
    expect(screen.getByRole("heading", { level: 1, name: "Guide d'utilisation" })).toBeTruthy()
    const tasks = screen.getByRole("region", { name: "Tâches courantes" })
    for (const [title, href] of [
      ["Poser un boîtier sur une machine", "/counter/Association"],
      ["Retirer un boîtier", "/counterMobile?remove=1"],
      ["Faire un bon de travail", "/ListMachines"],
      ["Exporter mes données", "/Activitys"],
      ["Faire une réservation", "/ActionBooking"],
      ["J'ai terminé mon activité", "/Activitys/finished"],
    ]) {
      expect(within(tasks).getByRole("heading", { level: 3, name: title })).toBeTruthy()
      expect(
        within(tasks)
          .getByRole("link", { name: `J'y vais : ${title}` })
          .getAttribute("href"),
      ).toBe(href)
    }
  })

  it("explains signing in, structures and rights, machines and boxes, planning, notifications, the account", async () => {
    await render()
    const sections: ReadonlyArray<[string, ReadonlyArray<[string, string]>]> = [
      ["Se connecter", []],
      ["Structures, membres et droits", [["Créer une structure", "/clusters/add"]]],
      [
        "Machines et boîtiers",
        [
          ["Machines", "/ListMachines"],
          ["Liste des compteurs/associations", "/counter"],
        ],
      ],
      [
        "Planning et réservations",
        [
          ["Planning global", "/PlanningMain"],
          ["Planning", "/PlanningMobile"],
        ],
      ],
      ["Notifications", [["Notifications", "/notifications"]]],
      ["Annonces", [["Annonces", "/home/MegaPhone"]]],
      ["Votre compte", [["Voir mon profil", "/me"]]],
    ]
    const contents = screen.getByRole("navigation", { name: "Sommaire" })
    for (const [title, links] of sections) {
      const section = screen.getByRole("region", { name: title })
      expect(within(section).getAllByRole("listitem").length).toBeGreaterThanOrEqual(3)
      for (const [label, href] of links) {
        expect(within(section).getByRole("link", { name: label }).getAttribute("href")).toBe(href)
      }
      expect(within(contents).getByRole("link", { name: title }).getAttribute("href")).toMatch(
        /^\/help#guide-/,
      )
    }
    expect(screen.getByText("Les nombres décimaux s'écrivent avec un point : 3.5, pas 3,5.")).toBeTruthy()
  })

  it("follows the language chosen in the header", async () => {
    await render("en")
    expect(screen.getByRole("heading", { level: 1, name: "User guide" })).toBeTruthy()
    expect(screen.getByRole("link", { name: "Go : Put a box on a machine" })).toBeTruthy()
    expect(screen.getByRole("region", { name: "Machines and boxes" })).toBeTruthy()

    fireEvent.change(screen.getByRole("combobox", { name: "Language" }), { target: { value: "de" } })
    expect(await screen.findByRole("heading", { level: 1, name: "Benutzerhandbuch" })).toBeTruthy()
    expect(screen.getByRole("region", { name: "Planung und Reservierungen" })).toBeTruthy()
    expect(screen.queryByText("User guide")).toBeNull()
  })

  it("has every text in Polish and German too, none left empty", async () => {
    for (const [locale, title] of [
      ["pl", "Przewodnik użytkownika"],
      ["de", "Benutzerhandbuch"],
    ] as const) {
      const view = await render(locale)
      expect(screen.getByRole("heading", { level: 1, name: title })).toBeTruthy()
      const items = screen.getAllByRole("listitem").map((item) => item.textContent?.trim() ?? "")
      expect(items.filter((text) => text === "")).toEqual([])
      expect(screen.getAllByRole("region")).toHaveLength(8)
      view.unmount()
    }
  })
})
