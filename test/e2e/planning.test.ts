import type { Locator, Page } from "playwright-core"
import { describe, expect, it } from "vitest"
import { type SeededPerson, seedPerson } from "./support/people"
import { callApi, signedInPage } from "./support/session"
import { serverAndBrowser } from "./support/suite"

const suite = serverAndBrowser({ SEED_DEMO: "0" })

const api = (person: { jwt: string }, method: string, path: string, body?: unknown) =>
  callApi(suite.server.url, person, method, path, body)

/** A CUMA whose manager holds every right, its tractor, and members who joined with the default rights. */
const cuma = async () => {
  const manager = await seedPerson(suite.server.url, "planning-boss", {
    firstname: "Marc",
    lastname: "Lefort",
  })
  const created = await api(manager, "POST", "/clusters", {
    name: `CUMA des Trois Chênes ${Date.now()}`,
    type: "sharing",
    kind: "cuma",
    address: {
      street: "2 rue du Lavoir",
      complement: null,
      postalCode: "28000",
      city: "Chartres",
      country: "France",
    },
  })
  expect(created.status).toBe(201)
  const machine = await api(manager, "POST", "/machines", {
    cluster: created.body.id,
    name: "Tracteur Fendt 724",
  })
  expect(machine.status).toBe(201)
  const join = async (prefix: string, firstname: string, lastname: string) => {
    const person = await seedPerson(suite.server.url, prefix, { firstname, lastname })
    const request = await api(person, "POST", `/clusters/${created.body.id}/requests`, { role: "member" })
    expect(request.status).toBe(201)
    expect((await api(manager, "POST", `/membershipRequests/${request.body.id}/accept`)).status).toBe(200)
    return person
  }
  const camille = await join("planning-camille", "Camille", "Durand")
  const luc = await join("planning-luc", "Luc", "Bernard")
  const hugo = await join("planning-hugo", "Hugo", "Petit")
  return { cluster: created.body as { id: string; name: string }, manager, camille, luc, hugo }
}

/** A field of about a hectare, `dx` degrees east of the others, owned by `owner`; its id. */
const aField = async (owner: SeededPerson, name: string, dx: number) => {
  const id = crypto.randomUUID()
  const [w, s, side] = [1.2405 + dx, 48.3027, 0.0013]
  const ring = [
    [w, s],
    [w + side * 1.5, s],
    [w + side * 1.5, s + side * 0.62],
    [w, s + side * 0.62],
    [w, s],
  ]
  const saved = await api(owner, "PUT", `/fields/${id}`, {
    name,
    geometry: { type: "Polygon", coordinates: [ring] },
  })
  expect(saved.status).toBe(200)
  return id
}

const signedIn = (person: SeededPerson, viewport = { width: 1280, height: 900 }): Promise<Page> =>
  signedInPage(suite.browser, suite.server.url, person, viewport)

/** Red for a requested booking, green for an accepted one (SPEC §9), read from the painted colour. */
const hue = async (element: Locator): Promise<"red" | "green" | "other"> => {
  const colour = await element.evaluate((el) => {
    for (let node: Element | null = el; node !== null; node = node.parentElement) {
      const bg = getComputedStyle(node).backgroundColor
      if (bg !== "rgba(0, 0, 0, 0)" && bg !== "transparent") return bg
    }
    return ""
  })
  const [r, g, b] = (colour.match(/\d+/g) ?? []).map(Number)
  if (r > g + 60 && r > b + 60) return "red"
  if (g > r + 40 && g > b) return "green"
  return "other"
}

/** Tomorrow as the day view's `YYYY-MM-DD`, in the browser's (and this machine's) time zone. */
const tomorrow = () => {
  const d = new Date(Date.now() + 24 * 3_600_000)
  const pad = (n: number) => String(n).padStart(2, "0")
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`
}

/** Clicks the day view's free slot at `time` (the calendar opens the booking form over it). */
const bookSlot = async (page: Page, clusterId: string, day: string, time: string) => {
  await page.goto(`${suite.server.url}/PlanningMain?view=day&date=${day}&cluster=${clusterId}`)
  await page.locator(`[aria-label^="Créneau ${time}:00 - "]`).first().click()
  await page.waitForURL(/\/ActionBooking\?/)
}

describe("planning", () => {
  it("a member books a machine then an employee on a field, the manager accepts, an overlapping request is refused", async () => {
    const { cluster, manager, camille, luc, hugo } = await cuma()
    const day = tomorrow()
    // Camille's field by the mill and Luc's field by the wood: the booking form offers both.
    const moulin = await aField(camille, "Parcelle du moulin", 0)
    await aField(luc, "Champ du bois", 0.003)

    // Hugo opens the same free hour first, and has not sent it yet.
    const other = await signedIn(hugo)
    await bookSlot(other, cluster.id, day, "09:00")
    await other.getByLabel("Ajouter une machine").selectOption({ label: "Tracteur Fendt 724" })

    // Camille books the tractor, then Luc, from a free slot of the calendar.
    const page = await signedIn(camille)
    await bookSlot(page, cluster.id, day, "09:00")
    const list = page.getByRole("list", { name: "Machines et salariés, dans l'ordre" })
    await page.getByLabel("Ajouter une machine").selectOption({ label: "Tracteur Fendt 724" })
    await expect
      .poll(() => list.getByRole("listitem").allInnerTexts())
      .toEqual([expect.stringMatching(/^1\.\s*Tracteur Fendt 724/)])
    await page.getByLabel("Ajouter un salarié").selectOption({ label: "Bernard Luc" })
    await expect
      .poll(() => list.getByRole("listitem").allInnerTexts())
      .toEqual([
        expect.stringMatching(/^1\.\s*Tracteur Fendt 724/),
        expect.stringMatching(/^2\.\s*Bernard Luc/),
      ])
    await page.getByLabel("Chercher une parcelle").fill("moulin durand")
    const offered = page.getByLabel("Ajouter une parcelle").locator("option")
    await expect
      .poll(() => offered.allInnerTexts())
      .toEqual([
        "Choisir parmi 1 parcelle",
        expect.stringMatching(/^Parcelle du moulin · 1,\d\d ha · Durand Camille$/),
      ])
    await page.getByLabel("Ajouter une parcelle").selectOption(moulin)
    await page.getByRole("list", { name: "Parcelles" }).getByText("Parcelle du moulin").waitFor()
    await page.getByLabel("Commentaires").fill("Labour de la parcelle du moulin")
    await page.getByRole("button", { name: "Envoyer la demande" }).click()

    // Requested: red, in the calendar too, titled with its resources in order.
    const requested = page.getByText("En attente de validation", { exact: true }).first()
    await requested.waitFor()
    expect(await hue(requested)).toBe("red")
    await page.goto(`${suite.server.url}/PlanningMain?view=day&date=${day}&cluster=${cluster.id}`)
    const event = page.getByText("Tracteur Fendt 724 → Bernard Luc").first()
    await event.waitFor()
    expect(await hue(event)).toBe("red")

    // The manager is told, opens it from the notification and accepts: green.
    const boss = await signedIn(manager)
    await boss.goto(`${suite.server.url}/notifications`)
    await boss
      .getByText(/Durand Camille demande la réservation de Tracteur Fendt 724 → Bernard Luc/)
      .waitFor()
    await boss.getByRole("link", { name: "Voir la réservation" }).first().click()
    await boss.getByRole("button", { name: "Accepter" }).click()
    const accepted = boss.getByText("Acceptée", { exact: true }).first()
    await accepted.waitFor()
    expect(await hue(accepted)).toBe("green")

    await page.reload()
    await page.getByText("Tracteur Fendt 724 → Bernard Luc").first().waitFor()
    await expect.poll(() => hue(page.getByText("Tracteur Fendt 724 → Bernard Luc").first())).toBe("green")
    await page.goto(`${suite.server.url}/notifications`)
    await page
      .getByText(/Lefort Marc a accepté votre réservation de Tracteur Fendt 724 → Bernard Luc/)
      .waitFor()

    // Hugo now sends his request for the same hour: refused, naming the tractor; nothing is booked for him.
    await other.getByRole("button", { name: "Envoyer la demande" }).click()
    await other.getByText("La ressource Tracteur Fendt 724 n'est plus disponible").waitFor()
    const seen = await api(hugo, "GET", `/booking?cluster=${cluster.id}`)
    expect(seen.body.map((b: { requestedBy: { firstname: string } }) => b.requestedBy.firstname)).toEqual([
      "Camille",
    ])
    expect(seen.body[0].fields.map((f: { name: string }) => f.name)).toEqual(["Parcelle du moulin"])

    // On a phone, Camille's agenda shows it, accepted.
    const phone = await signedIn(camille, { width: 390, height: 844 })
    await phone.goto(`${suite.server.url}/PlanningMobile?cluster=${cluster.id}`)
    const item = phone.getByRole("button", { name: /Tracteur Fendt 724 → Bernard Luc/ }).first()
    await item.waitFor()
    expect(await item.textContent()).toContain("Acceptée")
    expect(await hue(item.locator("[aria-hidden]").first())).toBe("green")
    await item.click()
    await phone.waitForURL(/\/ActionBooking\?booking=/)
    await phone.getByText("Labour de la parcelle du moulin").waitFor()
    await phone.getByText(/^Parcelles : 1 parcelle · 1,\d\d ha$/).waitFor()
    await phone.getByRole("link", { name: "Parcelle du moulin" }).waitFor()
    // Its buttons fit the phone's width, labels whole.
    const buttons = phone.getByRole("main").getByRole("button")
    await phone.getByRole("button", { name: "Annuler la réservation" }).waitFor()
    expect(await buttons.count()).toBeGreaterThanOrEqual(2)
    const clipped = await buttons.evaluateAll((els) =>
      els
        .filter(
          (el) => el.scrollWidth > el.clientWidth + 1 || el.getBoundingClientRect().right > window.innerWidth,
        )
        .map((el) => el.textContent),
    )
    expect(clipped).toEqual([])
  })
})
