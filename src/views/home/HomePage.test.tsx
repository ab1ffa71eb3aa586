import { screen, within } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { quietHome } from "../../testing/overview"
import { renderScreen, settledSession } from "../../testing/render"
import { HomePage } from "./HomePage"

describe("home", () => {
  it("shows the six help cards, each with its explanation and a link to its screen", async () => {
    const { session } = await settledSession(null)
    await renderScreen(<HomePage {...quietHome()} />, {
      session,
      path: "/home",
    })
    // No announcement unread: nothing above the cards.
    expect(screen.queryByRole("region", { name: "Annonces" })).toBeNull()
    expect(await screen.findByRole("heading", { level: 1, name: "Bienvenue sur Sillon" })).toBeTruthy()
    const cards = screen.getAllByRole("article")
    expect(cards).toHaveLength(6)
    expect(cards.map((card) => within(card).getByRole("heading", { level: 2 }).textContent)).toEqual([
      "Poser un boîtier sur une machine",
      "Retirer un boîtier",
      "Faire un bon de travail",
      "Exporter mes données",
      "Faire une réservation",
      "J'ai terminé mon activité",
    ])
    const links = cards.map((card) => within(card).getByRole("link").getAttribute("href"))
    expect(links).toEqual([
      "/counter/Association",
      "/counterMobile?remove=1",
      "/ListMachines",
      "/Activitys",
      "/ActionBooking",
      "/Activitys/finished",
    ])
  })
})
