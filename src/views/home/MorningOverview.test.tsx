import { screen, within } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { homeOverviewMachine } from "../../machines/home/homeOverview"
import type { OverviewSources } from "../../schema/overview"
import { withActors } from "../../testing/actors"
import { busyMorning, quietMorning } from "../../testing/overview"
import { renderSignedIn } from "../../testing/render"
import { MorningOverview } from "./MorningOverview"

/** The chart at a fixed clock: Thursday 27 November 2026, 06:30 UTC (the tests' time zone). */
const show = async (sources: OverviewSources | Error) => {
  const asked: Array<unknown> = []
  const machine = withActors(homeOverviewMachine, {
    loadOverview: async ({ input }: { input: unknown }) => {
      asked.push(input)
      if (sources instanceof Error) throw sources
      return sources
    },
  })
  const clock = Date.parse("2026-11-27T06:30:00Z")
  await renderSignedIn(<MorningOverview machine={machine} now={() => clock} zone="UTC" />)
  return asked
}

describe("the home page's overview", () => {
  it("lists the machines working, today's and tomorrow's bookings, the disputes, the maintenance to plan and the boxes, each a link to its screen", async () => {
    await show(busyMorning)
    const section = await screen.findByRole("region", { name: "Aujourd'hui" })
    const part = (title: RegExp) => {
      const heading = within(section).getByRole("heading", { name: title })
      return heading.closest("div")?.parentElement as HTMLElement
    }
    await within(section).findByText(/En marche maintenant \(1\)/)
    const links = within(section)
      .getAllByRole("link")
      .map((a) => [a.textContent, a.getAttribute("href")])
    expect(links).toEqual([
      ["Voir sur la carte", "/GeolocShortcut"],
      [
        "Tracteur John Deere 6155R · 8,5 km/h · il y a 2 min",
        "/machines/00000000-0000-4000-8000-0000000000a1",
      ],
      [
        "08:00–11:00 · Tracteur 1, Jean Dupont · pour Moreau Jeanne",
        "/ActionBooking?booking=00000000-0000-4000-8000-0000000000d1",
      ],
      [
        "13:00–16:00 · Tracteur 1, Jean Dupont · pour Moreau Jeanne",
        "/ActionBooking?booking=00000000-0000-4000-8000-0000000000d2",
      ],
      [
        "Tracteur John Deere 6155R · activité du 26 nov. 2026, 07:00 · contestée par GAEC des Prés - (Durand Paul)",
        "/Activitys/00000000-0000-4000-8000-0000000000e1",
      ],
      ["Tableau de bord", "/maintenance/dashboard"],
      [
        "Tracteur John Deere 6155R · Vidange moteur",
        "/maintenance/machines?machine=00000000-0000-4000-8000-0000000000a1",
      ],
      [
        "Semoir Kuhn Espro 3000 · Graissage",
        "/maintenance/machines?machine=00000000-0000-4000-8000-0000000000a2",
      ],
      ["BOX-LOW · Tracteur John Deere 6155R · batterie 12 %", "/counter"],
      ["BOX-SILENT · Tracteur John Deere 6155R · dernière nouvelle il y a 2 j", "/counter"],
    ])
    expect(within(part(/Réservations aujourd'hui \(1\)/)).getByText("À accepter")).toBeTruthy()
    expect(within(part(/Réservations demain \(1\)/)).getByText("Acceptée")).toBeTruthy()
    expect(within(section).getByText("Contestations à examiner (1)")).toBeTruthy()
    expect(within(section).getByText("Boîtiers à vérifier (2)")).toBeTruthy()
    // The rules to plan, the most urgent first, an up-to-date one left out.
    const upkeep = part(/Entretien à prévoir \(2\)/)
    expect(
      within(upkeep)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual([
      "Tracteur John Deere 6155R · Vidange moteurEn retard",
      "Semoir Kuhn Espro 3000 · GraissageBientôt",
    ])
  })

  it("says when there is nothing to report, and asks for today and tomorrow in the person's time zone", async () => {
    const asked = await show(quietMorning)
    await screen.findByText(
      "Rien à signaler : aucune machine en marche, aucune réservation aujourd'hui ni demain, rien à examiner.",
    )
    expect(asked).toHaveLength(1)
  })

  it("says it could not be read, and offers to try again", async () => {
    await show(new Error("network down"))
    expect((await screen.findByRole("alert")).textContent).toContain(
      "L'aperçu de la journée n'a pas pu être lu",
    )
    expect(screen.getByRole("button", { name: "Réessayer" })).toBeTruthy()
  })
})
