import type { Browser, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { launchBrowser } from "./support/browser"
import { field, proveAddress, type SeededPerson, seedPerson } from "./support/people"
import { type RunningServer, startServer } from "./support/server"
import { callApi, signedInPage } from "./support/session"

const adminEmail = `admin-flotte-${Date.now()}@sillon.test`
let server: RunningServer
let browser: Browser

beforeAll(async () => {
  ;[server, browser] = await Promise.all([
    startServer({ SEED_DEMO: "0", ADMIN_EMAILS: adminEmail }),
    launchBrowser(),
  ])
})
afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

const api = (person: { jwt: string }, method: string, path: string, body?: unknown) =>
  callApi(server.url, person, method, path, body)

/** A CUMA of its own with two boxes the platform administrator attributed to it. */
const cumaWithBoxes = async (admin: SeededPerson, boxes: ReadonlyArray<string>) => {
  const created = await api(admin, "POST", "/clusters", {
    name: `CUMA du Parc ${Date.now()}`,
    type: "sharing",
    kind: "cuma",
    address: {
      street: "1 rue du Four",
      complement: null,
      postalCode: "28000",
      city: "Chartres",
      country: "France",
    },
  })
  expect(created.status).toBe(201)
  for (const id of boxes) {
    expect((await api(admin, "POST", "/admin/counters", { id })).status).toBe(201)
    expect(
      (await api(admin, "PUT", `/admin/counters/${id}/cluster`, { cluster: created.body.id })).status,
    ).toBe(200)
  }
  return created.body as { id: string; name: string }
}

const signedIn = (person: SeededPerson): Promise<Page> => signedInPage(browser, server.url, person)

/** A box's card on /counter. */
const boxCard = (page: Page, box: string) => page.getByRole("listitem", { name: `Boîtier ${box}` })

/** The card of one association of a box on /counter. */
const associationOf = (page: Page, box: string) =>
  page
    .getByRole("listitem")
    .filter({ hasText: `Boîtier ${box}` })
    .last()

describe("the fleet", () => {
  it("adds a machine (a comma is refused with the hint), puts a box on it, edits, ends, and deletes associations", async () => {
    // The platform administrator is named by ADMIN_EMAILS: this person signs up with that address,
    // then proves it is theirs with the code mailed to it (signing up alone proves nothing).
    const boss = await seedPerson(server.url, "admin", {
      email: adminEmail,
      firstname: "Agnès",
      lastname: "Roy",
    })
    expect((await api(boss, "GET", "/admin/counters")).status).toBe(403)
    // The person who signed up owns the address: the code mailed at sign-up, entered while
    // signed in, proves it and keeps the session (a login code from outside would void it).
    expect(await proveAddress(server, boss)).toBe(200)
    expect((await api(boss, "GET", "/admin/counters")).status).toBe(200)
    const suffix = String(Date.now()).slice(-6)
    const [box, otherBox] = [`E2E-${suffix}-A`, `E2E-${suffix}-B`]
    const cuma = await cumaWithBoxes(boss, [box, otherBox])

    // Add a machine: "3,5" is refused on the form with the decimal-point message.
    const page = await signedIn(boss)
    await page.goto(`${server.url}/ListMachines?add=1`)
    await field(page, "Structure").selectOption({ label: cuma.name })
    await field(page, "Nom").fill("Tracteur Fendt 724")
    await field(page, "Largeur de travail (m)").fill("3,5")
    await page
      .getByText("Les nombres décimaux s'écrivent avec un point, pas une virgule (par exemple 3.5)")
      .first()
      .waitFor()
    // The server refuses it too, for callers that skip the form.
    const comma = await api(boss, "POST", "/machines", {
      cluster: cuma.id,
      name: "Semoir",
      toolWidthMeters: "3,5",
    })
    expect(comma).toMatchObject({
      status: 400,
      body: { message: "Les nombres décimaux s'écrivent avec un point, pas une virgule (par exemple 3.5)" },
    })
    await field(page, "Largeur de travail (m)").fill("3.5")
    await page.getByRole("button", { name: "Ajouter la machine" }).click()
    await page.waitForURL(/\/machines\/[0-9a-f-]{36}/)
    const machineId = page.url().match(/machines\/([0-9a-f-]{36})/)?.[1] ?? ""
    const machine = await api(boss, "GET", `/machines/${machineId}`)
    expect(machine.body).toMatchObject({ name: "Tracteur Fendt 724", toolWidthMeters: 3.5 })
    // A link to the machine's edit form opens it, past the redirect to the first tab.
    await page.goto(`${server.url}/machines/${machineId}?edit=1`)
    await page.waitForURL(/\/machines\/[0-9a-f-]{36}\/activities\?edit=1$/)
    await expect.poll(() => field(page, "Largeur de travail (m)").inputValue()).toBe("3.5")

    // Put the box on it through the wizard.
    await page.goto(`${server.url}/counter/Association`)
    await field(page, "Structure").selectOption({ label: cuma.name })
    await field(page, "Boîtier").fill(box)
    await page.getByRole("button", { name: "Continuer" }).click()
    await field(page, "Machine").selectOption({ label: "Tracteur Fendt 724" })
    // The wizard proposes now; the person types another start, day first then time.
    await page.getByLabel("Date de début : jour", { exact: true }).fill("02/11/2026")
    await page.getByLabel("Date de début : jour", { exact: true }).press("Tab")
    await page.getByLabel("Date de début : heure", { exact: true }).fill("0800")
    // No Tab from here: it would open the end's calendar over the button.
    await page.getByRole("button", { name: "Associer" }).click()
    await page.getByText(`Le boîtier ${box} est posé sur Tracteur Fendt 724.`).waitFor()

    // Edit its dates, then end it now.
    await page.goto(`${server.url}/counter`)
    const current = associationOf(page, box)
    await current.getByRole("button", { name: /Modifier les dates/ }).click()
    // A person types once the form shows the dates it edits (on a loaded machine that takes a moment).
    await expect
      .poll(() => current.getByLabel("Date de début : jour", { exact: true }).inputValue(), {
        timeout: 15_000,
      })
      .toBe("02/11/2026")
    await current.getByLabel("Date de début : jour", { exact: true }).fill("01112026")
    await current.getByLabel("Date de début : jour", { exact: true }).press("Tab")
    await current.getByLabel("Date de début : heure", { exact: true }).fill("7:30")
    // What the person sees before saving is what was typed (a failure here says which part was lost).
    await expect
      .poll(() => current.getByLabel("Date de début : jour", { exact: true }).inputValue())
      .toBe("01/11/2026")
    await expect
      .poll(() => current.getByLabel("Date de début : heure", { exact: true }).inputValue())
      .toBe("7:30")
    // What reaches the server from here on, for the failure below to quote.
    const sent: Array<string> = []
    page.on("request", (r) => {
      if (r.url().includes("/associations")) sent.push(`${r.method()} ${new URL(r.url()).pathname}`)
    })
    page.on("response", (r) => {
      if (r.url().includes("/associations")) sent.push(`→ ${r.status()} ${r.request().method()}`)
    })
    await current.getByRole("button", { name: "Enregistrer" }).click()
    // Saved: the form closes (an error would keep it open with its message, which the failure then
    // quotes, with what the fields hold: this step failed twice under load, cause unknown).
    await current
      .getByRole("button", { name: "Enregistrer" })
      .waitFor({ state: "detached", timeout: 15_000 })
      .catch(async () => {
        const said = await current.getByRole("alert").allTextContents()
        const held = await current
          .locator("input")
          .evaluateAll((inputs) =>
            inputs.map((i) => `${i.getAttribute("aria-label")}=${(i as HTMLInputElement).value}`),
          )
        const loading = await current
          .getByRole("button", { name: "Enregistrer" })
          .getAttribute("data-loading")
          .catch(() => "gone")
        throw new Error(
          `the dates form is still open 15 s after Enregistrer; it says ${JSON.stringify(said)}, holds ${held.join(", ")}; the button's data-loading is ${loading}; requests: ${sent.join("; ") || "none"}`,
        )
      })
    // The browser and this test run on one machine, so they read "07:30" in the same time zone.
    await expect
      .poll(async () => {
        const [a] = (await api(boss, "GET", `/counters/${box}/associations`)).body
        return new Date(a.start_date).toISOString()
      })
      .toBe(new Date("2026-11-01T07:30").toISOString())
    // It asks first, naming the box and the machine. (On a loaded machine the row may still be
    // redrawn from the save when the button is pressed: pressed again until the question shows.)
    for (let tries = 0; (await page.getByRole("dialog").count()) === 0; tries++) {
      if (tries === 5) throw new Error("pressing Terminer maintenant never asked")
      await current.getByRole("button", { name: /Terminer maintenant/ }).click()
      await page
        .getByRole("dialog")
        .waitFor({ timeout: 5_000 })
        .catch(() => undefined)
    }
    await page.getByRole("dialog").getByRole("button", { name: "Terminer maintenant" }).click()
    await expect
      .poll(async () => (await api(boss, "GET", `/counters/${box}/associations`)).body[0].end_date)
      .not.toBeNull()

    // The past association cannot be edited: the control says why, and the server refuses.
    // Past associations are folded under the box's "Historique (n)".
    await page.reload()
    await boxCard(page, box).getByRole("button", { name: "Historique (1)" }).click()
    const past = associationOf(page, box)
    await past.getByText("Une association passée ne peut plus être modifiée.").waitFor()
    expect(await past.getByRole("button", { name: /Modifier les dates/ }).count()).toBe(0)
    const [ended] = (await api(boss, "GET", `/counters/${box}/associations`)).body as Array<{ id: string }>
    const refused = await api(boss, "PATCH", `/associations/${ended.id}`, {
      start_date: "2026-10-01T00:00:00Z",
    })
    expect(refused).toMatchObject({
      status: 403,
      body: { message: "Cette modification n'est pas autorisée" },
    })

    // Another association, deleted after a confirmation that says it is permanent.
    const other = await api(boss, "POST", `/counters/${otherBox}/associations`, {
      cluster: cuma.id,
      machine: machineId,
      start_date: "2026-09-01T06:00:00Z",
      end_date: "2026-09-30T18:00:00Z",
    })
    expect(other.status).toBe(201)
    await page.reload()
    await boxCard(page, otherBox).getByRole("button", { name: "Historique (1)" }).click()
    await associationOf(page, otherBox)
      .getByRole("button", { name: /Supprimer/ })
      .click()
    const dialog = page.getByRole("dialog")
    await dialog.getByText(/La suppression est définitive/).waitFor()
    await dialog.getByRole("button", { name: "Supprimer définitivement" }).click()
    await expect
      .poll(async () => (await api(boss, "GET", `/counters/${otherBox}/associations`)).body)
      .toEqual([])
  })
})
