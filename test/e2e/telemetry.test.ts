import type { Polygon } from "geojson"
import type { Page } from "playwright-core"
import { describe, expect, it } from "vitest"
import { demoFields } from "../../server/seed/fields"
import { simMachineOf, yardFor } from "../../server/simulator/fleet"
import { simulateDay } from "../../server/simulator/generate"
import type { WireFix } from "../../src/schema/telemetry"
import { field, proveAddress, type SeededPerson, seedPerson } from "./support/people"
import { callApi, signedInPage } from "./support/session"
import { serverAndBrowser } from "./support/suite"

const adminEmail = `admin-boitiers-${Date.now()}@sillon.test`
const suite = serverAndBrowser({ SEED_DEMO: "0", ADMIN_EMAILS: adminEmail })
const desktop = { width: 1280, height: 900 }

const api = (person: { jwt: string }, method: string, path: string, body?: unknown) =>
  callApi(suite.server.url, person, method, path, body)

/** The platform administrator ADMIN_EMAILS names, once the address is proved theirs (as fleet.test.ts does). */
const platformAdmin = async (): Promise<SeededPerson> => {
  const person = await seedPerson(suite.server.url, "admin", {
    email: adminEmail,
    firstname: "Agnès",
    lastname: "Roy",
  })
  expect(await proveAddress(suite.server, person)).toBe(200)
  return person
}

/**
 * One hour of a tractor's working morning from the simulator, moved so that it ends now: the
 * fixes a box on a machine at work has recorded this past hour.
 */
const simulatedHour = (machineName: string): ReadonlyArray<WireFix> => {
  const fields = demoFields()
    .slice(0, 2)
    .map((f, i) => ({
      id: `field-${i}`,
      name: f.name,
      geometry: { type: "Polygon", coordinates: f.rings.map((ring) => ring.map((p) => [...p])) } as Polygon,
    }))
  const day = simulateDay({
    day: "2026-11-20",
    machine: simMachineOf({
      name: machineName,
      toolWidthMeters: null,
      maxWorkingSpeedKmh: null,
      canPresent: false,
      engineHours: null,
    }),
    yard: yardFor(fields),
    fields,
    seed: 11,
    battery: 73,
    options: { workedSurfaces: false },
  })
  // 10:00–11:00 in Chartres, in the first field.
  const from = Date.parse("2026-11-20T09:00:00Z")
  const shift = Date.now() - 5_000 - (from + 3_600_000)
  return day.fixes
    .filter((f) => Date.parse(f.t) >= from && Date.parse(f.t) < from + 3_600_000)
    .map((f) => ({ ...f, t: new Date(Date.parse(f.t) + shift).toISOString() }))
}

const two = (n: number) => String(n).padStart(2, "0")
/** Types an instant in one of /expert's period fields, its day then its time, at UTC as they read. */
const typeUtc = async (page: Page, label: string, ms: number) => {
  const at = new Date(ms)
  const typed = [
    [`${label} : jour`, `${two(at.getUTCDate())}/${two(at.getUTCMonth() + 1)}/${at.getUTCFullYear()}`],
    [`${label} : heure`, `${two(at.getUTCHours())}${two(at.getUTCMinutes())}`],
  ]
  for (const [input, text] of typed) {
    await page.getByLabel(input, { exact: true }).click()
    await page.keyboard.press("ControlOrMeta+A")
    await page.keyboard.type(text)
  }
}

/** A box's card (on /counter, and on the admin pages). */
const boxCard = (page: Page, box: string) => page.getByRole("listitem", { name: `Boîtier ${box}` })

describe("a box's journey", () => {
  it("is registered by the administrator, put on a machine, sends an hour of fixes: /expert shows them, /counter its battery", async () => {
    const { server } = suite
    const boss = await platformAdmin()
    const suffix = String(Date.now()).slice(-6)
    const box = `TEL-${suffix}`
    const page = await signedInPage(suite.browser, server.url, boss, desktop)

    // Registered in the admin area: the secret is shown once, to be copied into the box.
    await page.goto(`${server.url}/admin/counters`)
    await field(page, "Numéro du boîtier").fill(box)
    const registeredFrom = Date.now()
    await page.getByRole("button", { name: "Enregistrer un boîtier" }).click()
    const shown = page.getByRole("status").filter({ hasText: `Secret du boîtier ${box}` })
    const secret = ((await shown.locator("pre, code").first().textContent()) ?? "").trim()
    const registeredBy = Date.now()
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/)
    await boxCard(page, box)
      .getByText(/Secret émis/)
      .waitFor()
    // Nobody can read it again: a reload shows when it was issued, not the secret.
    await page.reload()
    await boxCard(page, box)
      .getByText(/Secret émis/)
      .waitFor()
    expect(await page.getByText(secret).count()).toBe(0)

    // A CUMA with a tractor; the administrator attributes the box to the CUMA.
    const cuma = await api(boss, "POST", "/clusters", {
      name: `CUMA des Télémesures ${suffix}`,
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
    expect(cuma.status).toBe(201)
    const tractor = await api(boss, "POST", "/machines", {
      cluster: cuma.body.id,
      name: "Tracteur Claas Arion",
    })
    expect(tractor.status).toBe(201)
    await page.goto(`${server.url}/admin/counters-attributions`)
    await page.getByRole("button", { name: `Changer : Boîtier ${box}` }).click()
    await field(page, "Chercher une structure").fill("Télémesures")
    await page.getByRole("button", { name: `Rattacher à ${cuma.body.name}` }).click()
    await page.getByText(`Structure de ${box} changée`).waitFor()

    // The box goes on the tractor through the wizard, from a few minutes before its registration.
    await page.goto(`${server.url}/counter/Association`)
    await field(page, "Structure").selectOption({ label: cuma.body.name })
    await field(page, "Boîtier").fill(box)
    await page.getByRole("button", { name: "Continuer" }).click()
    await field(page, "Machine").selectOption({ label: "Tracteur Claas Arion" })
    const start = new Date(registeredFrom - 5 * 60_000)
    await page
      .getByLabel("Date de début : jour", { exact: true })
      .fill(`${two(start.getDate())}/${two(start.getMonth() + 1)}/${start.getFullYear()}`)
    await page.getByLabel("Date de début : jour", { exact: true }).press("Tab")
    await page
      .getByLabel("Date de début : heure", { exact: true })
      .fill(`${two(start.getHours())}${two(start.getMinutes())}`)
    await page.getByRole("button", { name: "Associer" }).click()
    await page.getByText(`Le boîtier ${box} est posé sur Tracteur Claas Arion.`).waitFor()
    await page.goto(`${server.url}/counter`)
    await boxCard(page, box).getByText("Batterie inconnue").waitFor()

    // The box uploads the hour it recorded, with its secret. Fixes from before its registration
    // would be refused (timeBeforeBox): it sends those it took since, half a minute's at least
    // (a fix every 4 s or so).
    const wait = registeredBy + 30_000 - Date.now()
    if (wait > 0) await new Promise((r) => setTimeout(r, wait))
    const hour = simulatedHour("Tracteur Claas Arion")
    const sent = hour.filter((f) => Date.parse(f.t) > registeredBy).slice(-100)
    expect(sent.length).toBeGreaterThanOrEqual(5)
    expect(hour.length).toBeGreaterThan(600)
    const upload = await fetch(`${server.url}/api/v2/boxes/${box}/fixes`, {
      method: "POST",
      headers: { authorization: `Bearer ${secret}`, "content-type": "application/json" },
      body: JSON.stringify({ fixes: sent }),
    })
    expect(upload.status).toBe(200)
    expect(await upload.json()).toEqual({ new: sent.length, known: 0, refused: [] })
    const last = sent.at(-1) as WireFix

    // /expert: the tractor's fixes over the period, every one of them, the latest with its values.
    await page.goto(`${server.url}/expert`)
    await field(page, "Machine").selectOption({ label: "Tracteur Claas Arion" })
    await typeUtc(page, "Début (UTC)", registeredFrom - 3_600_000)
    await typeUtc(page, "Fin (UTC)", Date.now() + 3_600_000)
    await page.getByRole("button", { name: "Afficher" }).click()
    await page.getByRole("status").getByText(`${sent.length} positions sur la période`).waitFor()
    const table = page.getByRole("table", { name: "Positions brutes" })
    await expect.poll(() => table.locator("tbody tr").count()).toBe(sent.length)
    const lastTime = last.t.slice(11, 19)
    const lastRow = table.locator("tbody tr").filter({ hasText: lastTime })
    await expect.poll(() => lastRow.count()).toBe(1)
    const cells = await lastRow.locator("td").allTextContents()
    expect(cells[1]).toBe(box)
    const six = (v: number) => String(Math.round(v * 1e6) / 1e6)
    expect(cells[2]).toBe(six(last.lat))
    expect(cells[3]).toBe(six(last.lng))
    expect(cells[11]).toBe(String(last.bat))
    // The box's card above the fixes.
    await page.getByText("Boîtiers de la machine").waitFor()
    await page.getByText(`Boîtier ${box}`, { exact: true }).first().waitFor()

    // /counter: the box's battery is the one it sent last.
    await page.goto(`${server.url}/counter`)
    await boxCard(page, box).getByText(`Batterie ${last.bat} %`).waitFor()
  }, 240_000)
})
