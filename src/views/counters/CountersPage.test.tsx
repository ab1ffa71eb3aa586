import { fireEvent, screen, within } from "@testing-library/react"
import { DateTime } from "effect"
import { describe, expect, it } from "vitest"
import { boxHistoryMachine } from "../../machines/counters/boxHistory"
import { countersMachine } from "../../machines/counters/counters"
import { AssociationId, type Counter, type CounterAssociation, CounterId } from "../../schema"
import { withActors } from "../../testing/actors"
import { aCounter, anAssociation, hoursAgo, now, renderWith, tractor } from "../../testing/counters"
import { CountersPage } from "./CountersPage"

const page = async (
  load: () => Promise<ReadonlyArray<Counter>>,
  phone = false,
  associations: ReadonlyArray<CounterAssociation> = [anAssociation(null)],
) => {
  const history = withActors(boxHistoryMachine, { loadAssociations: async () => associations })
  await renderWith(
    <CountersPage
      machine={withActors(countersMachine, { loadCounters: load })}
      history={history}
      now={now}
      phone={phone}
    />,
    ["editCounters"],
  )
}
const card = async (id: string) => screen.findByRole("listitem", { name: `Boîtier ${id}` })

describe("the boxes list", () => {
  it("marks a low battery clearly, and not a good one", async () => {
    await page(async () => [
      aCounter({ id: CounterId.make("BOX-001"), battery: 12 }),
      aCounter({ id: CounterId.make("BOX-002"), battery: 80, machine: null }),
    ])
    const low = await card("BOX-001")
    expect(within(low).getByText(/Batterie faible/).textContent).toContain("12 %")
    const good = await card("BOX-002")
    expect(within(good).queryByText(/Batterie faible/)).toBeNull()
    expect(within(good).getByText(/80 %/)).toBeTruthy()
  })

  it("says how long ago each box last spoke, or that it never did", async () => {
    await page(async () => [
      aCounter({ id: CounterId.make("BOX-001"), lastCommunication: hoursAgo(3) }),
      aCounter({ id: CounterId.make("BOX-002"), lastCommunication: null }),
    ])
    expect(within(await card("BOX-001")).getByText(/Dernière communication/).textContent).toContain(
      "il y a 3 h",
    )
    expect(within(await card("BOX-002")).getByText(/Dernière communication/).textContent).toContain("jamais")
  })

  it("names the machine each box is on now, or says it is on none", async () => {
    await page(async () => [
      aCounter({ id: CounterId.make("BOX-001"), machine: tractor }),
      aCounter({ id: CounterId.make("BOX-002"), machine: null }),
    ])
    expect(within(await card("BOX-001")).getByText("Sur la machine : Tracteur 1")).toBeTruthy()
    expect(within(await card("BOX-002")).getByText("Posé sur aucune machine")).toBeTruthy()
  })

  it("lists each box's associations with their actions, and links to the wizard", async () => {
    await page(async () => [aCounter()])
    const box = await card("BOX-001")
    expect(await within(box).findByRole("button", { name: /^Terminer maintenant/ })).toBeTruthy()
    expect(within(box).getByText("en cours", { selector: "span *, span" })).toBeTruthy()
    expect(screen.getByRole("link", { name: "Poser un boîtier sur une machine" }).getAttribute("href")).toBe(
      "/counter/Association",
    )
  })

  it("keeps the current association in view and folds the past ones behind Historique (n)", async () => {
    const past = (n: number, start: string, end: string) =>
      anAssociation(DateTime.unsafeMake(end), {
        id: AssociationId.make(`00000000-0000-4000-8000-0000000000f${n}`),
        start_date: DateTime.unsafeMake(start),
      })
    await page(async () => [aCounter()], true, [
      anAssociation(null),
      past(1, "2026-03-01T08:00:00Z", "2026-04-01T08:00:00Z"),
      past(2, "2026-01-01T08:00:00Z", "2026-02-01T08:00:00Z"),
    ])
    const box = await card("BOX-001")
    expect(await within(box).findByRole("button", { name: /^Terminer maintenant/ })).toBeTruthy()
    const fold = within(box).getByRole("button", { name: "Historique (2)" })
    expect(fold.getAttribute("aria-expanded")).toBe("false")
    // Folded: only the current association's three actions.
    expect(within(box).getAllByRole("button", { name: /^Modifier les dates/ })).toHaveLength(1)
    expect(within(box).queryByText("terminée")).toBeNull()
    fireEvent.click(fold)
    expect(fold.getAttribute("aria-expanded")).toBe("true")
    const history = document.getElementById(fold.getAttribute("aria-controls") ?? "") as HTMLElement
    const rows = within(history).getAllByRole("listitem")
    expect(rows).toHaveLength(2)
    for (const row of rows) {
      expect(within(row).getByText(/^Début :/)).toBeTruthy()
      expect(within(row).getByText(/^Fin :/)).toBeTruthy()
      expect(within(row).getByText("Une association passée ne peut plus être modifiée.")).toBeTruthy()
      // Past: no disabled edit / end buttons, delete stays available.
      expect(
        within(row)
          .getAllByRole("button")
          .map((b) => b.textContent),
      ).toEqual(["Supprimer"])
      expect((within(row).getByRole("button") as HTMLButtonElement).disabled).toBe(false)
    }
  })

  it("its title is the page's h1 only on the phone page (on /counter the section's title is)", async () => {
    await page(async () => [aCounter()])
    expect(screen.getByRole("heading", { name: "Boîtiers" }).tagName).toBe("H2")
  })

  it("on the phone page its title is the h1", async () => {
    await page(async () => [aCounter()], true)
    expect(screen.getByRole("heading", { name: "Boîtiers" }).tagName).toBe("H1")
  })

  it("says when no box belongs to the person's structures", async () => {
    await page(async () => [])
    expect(await screen.findByText(/Aucun boîtier n'est rattaché à vos structures/)).toBeTruthy()
  })

  it("a failed load shows the message and retries", async () => {
    let calls = 0
    await page(async () => {
      calls += 1
      if (calls === 1) throw new Error("network down")
      return [aCounter()]
    })
    expect((await screen.findByRole("alert")).textContent).toBeTruthy()
    fireEvent.click(screen.getByRole("button", { name: "Réessayer" }))
    expect(await card("BOX-001")).toBeTruthy()
    expect(calls).toBe(2)
  })
})
