// Size: four journeys on one demo server — the demo tractor's days on its tab, changed by a person; every activity listed, exported, opened and corrected; a dispute and its answer; the driver's confirmation.

import { readFileSync } from "node:fs"
import type { Locator } from "playwright-core"
import { describe, expect, it } from "vitest"
import { demoSignIn } from "../../server/seed/demo"
import { choicePeriod } from "../../src/views/machines/activities/period"
import { apiSignIn, demoPage, seriousViolations } from "./support/demo"
import { callApi, phone } from "./support/session"
import { serverAndBrowser } from "./support/suite"

// The demo with two simulated days of telemetry: the server computes their activities after start.
const suite = serverAndBrowser({ DEMO_TELEMETRY_DAYS: "2" })
const zone = "Europe/Paris"

interface Listed {
  id: string
  start: string
  end: string
  areaHa: number | null
  fuelLitres: number | null
  fields: Array<{ name: string }>
  member: { id: string } | null
  attribution: string
  edited: boolean
}

/** A person's token, signed in through the API (for reading what the screens must show). */
const clock = new Intl.DateTimeFormat("fr-FR", { timeZone: zone, timeStyle: "short" })
const two = new Intl.NumberFormat("fr-FR", { minimumFractionDigits: 2, maximumFractionDigits: 2 })
const one = new Intl.NumberFormat("fr-FR", { minimumFractionDigits: 1, maximumFractionDigits: 1 })
const figure = (card: Locator, label: string) =>
  card.locator("dt", { hasText: new RegExp(`^${label}$`) }).locator("xpath=following-sibling::dd[1]")

describe("a machine's activities tab", () => {
  it("the demo tractor's simulated days are listed with their figures and fields, and a person changes who one is for", async () => {
    const { server } = suite
    const demo = await apiSignIn(suite.server.url, demoSignIn)
    const machines = (await callApi(server.url, demo, "GET", "/machines")).body as Array<{
      id: string
      name: string
      cluster: { id: string }
    }>
    const tractor = machines.find((m) => m.name.startsWith("Tracteur"))
    if (tractor === undefined) throw new Error("the demo data has no tractor")

    // The server computes the simulated days in the background: wait until it has.
    const week = choicePeriod("last7", zone)
    const listed = async () =>
      (
        await callApi(
          server.url,
          demo,
          "GET",
          `/machines/${tractor.id}/activities?${new URLSearchParams({ start_date: week.start, end_date: week.end })}`,
        )
      ).body as Array<Listed>
    await expect
      .poll(async () => (await listed()).length, { timeout: 180_000, interval: 1000 })
      .toBeGreaterThan(0)
    let activities = await listed()

    // The machine's first tab: the last 7 days, every activity the server has, with its figures.
    const page = await demoPage(suite, { width: 1280, height: 900 })
    await page.goto(`${server.url}/machines/${tractor.id}`)
    await page.waitForURL(/\/activities$/)
    const tab = page.getByRole("region", { name: "Activités", exact: true })
    await tab.getByText("Sur la période").waitFor()
    expect(await tab.getByRole("button", { name: "7 derniers jours" }).getAttribute("aria-pressed")).toBe(
      "true",
    )
    const cards = tab.getByRole("article")
    // The queue may still be computing the other day: read again until the page and the API agree.
    await expect
      .poll(
        async () => {
          activities = await listed()
          await page.reload()
          await tab.getByText("Sur la période").waitFor()
          const shown = await cards.count()
          return shown === activities.length && JSON.stringify(await listed()) === JSON.stringify(activities)
        },
        { timeout: 180_000, interval: 2000 },
      )
      .toBe(true)
    expect(await figure(tab, "Activités").first().textContent()).toBe(
      `${activities.length} activité${activities.length > 1 ? "s" : ""}`,
    )
    expect(activities.some((a) => a.fields.length > 0)).toBe(true)
    for (const activity of activities) {
      const when = `${clock.format(Date.parse(activity.start))} – ${clock.format(Date.parse(activity.end))}`
      const card = tab.getByRole("article", { name: when })
      expect(await card.count()).toBe(1)
      const fields = (await figure(card, "Parcelles").textContent()) ?? ""
      for (const field of activity.fields) expect(fields).toContain(field.name)
      expect(await figure(card, "Surface travaillée").textContent()).toBe(
        activity.areaHa === null ? "—" : `${two.format(activity.areaHa)} ha`,
      )
      expect(await figure(card, "Consommation").textContent()).toMatch(
        activity.fuelLitres === null
          ? /^—$/
          : new RegExp(
              `^${one.format(activity.fuelLitres)} L(mesurée \\(CAN\\)|estimée \\(débit de référence\\))$`,
            ),
      )
    }
    // Newest first.
    const first = [...activities].sort((a, b) => Date.parse(b.start) - Date.parse(a.start))[0] as Listed
    const firstWhen = `${clock.format(Date.parse(first.start))} – ${clock.format(Date.parse(first.end))}`
    expect(await cards.first().getAttribute("aria-label")).toBe(firstWhen)
    expect(await seriousViolations(page)).toEqual([])

    // The demo person manages the machine: they say the newest activity is for another member.
    const members = (await callApi(server.url, demo, "GET", `/clusters/${tractor.cluster.id}/members`))
      .body as Array<{
      user: { id: string; firstname: string; lastname: string; name: string | null }
    }>
    const other = members.find((m) => m.user.id !== first.member?.id)
    if (other === undefined) throw new Error("the demo CUMA has a single member")
    await cards
      .first()
      .getByRole("button", { name: `Modifier ${firstWhen}` })
      .click()
    const dialog = page.getByRole("dialog")
    await dialog.getByLabel("Pour quel membre").selectOption(other.user.id)
    await dialog.getByRole("button", { name: "Enregistrer" }).click()
    await dialog.waitFor({ state: "detached" })
    const changed = tab.getByRole("article", { name: firstWhen })
    await changed.getByRole("button", { name: "Modifiée" }).waitFor()
    expect(await figure(changed, "Pour").textContent()).toContain("Modifié")
    const kept = (await callApi(server.url, demo, "GET", `/activities/${first.id}`)).body as Listed
    expect([kept.member?.id, kept.attribution, kept.edited]).toEqual([other.user.id, "manual", true])
    // Read again, the change is still there.
    await page.reload()
    await tab.getByRole("article", { name: firstWhen }).getByRole("button", { name: "Modifiée" }).waitFor()
    await page.context().close()

    // On a phone: the same cards, stacked, nothing wider than the screen.
    const small = await demoPage(suite, phone)
    await small.goto(`${server.url}/machines/${tractor.id}/activities`)
    await small.getByRole("region", { name: "Activités", exact: true }).getByRole("article").first().waitFor()
    expect(
      await small.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    ).toBeLessThanOrEqual(0)
    expect(await seriousViolations(small)).toEqual([])
    await small.context().close()
  }, 420_000)
})

describe("the list of activities and an activity's page", () => {
  it("every activity one sees is listed with its totals, ordered, filtered, exported, opened on the map and corrected, with its history", async () => {
    const { server } = suite
    const demo = await apiSignIn(suite.server.url, demoSignIn)
    const month = choicePeriod("last30", zone)
    interface Totals {
      count: number
      areaHa: number
    }
    const api = async (params: Record<string, string> = {}) =>
      (
        await callApi(
          server.url,
          demo,
          "GET",
          `/activities?${new URLSearchParams({ start_date: month.start, end_date: month.end, ...params })}`,
        )
      ).body as { activities: Array<Listed & { machine: { id: string; name: string } }>; totals: Totals }
    // The server computes the simulated days in the background: wait until two readings agree.
    let all = await api()
    await expect
      .poll(
        async () => {
          const before = JSON.stringify(all.totals)
          all = await api()
          return all.totals.count > 0 && before === JSON.stringify(all.totals)
        },
        { timeout: 180_000, interval: 3000 },
      )
      .toBe(true)

    const page = await demoPage(suite, { width: 1280, height: 900 })
    await page.goto(`${server.url}/Activitys`)
    const totals = page.locator("[data-totals]")
    await totals.waitFor()
    expect(await figure(totals, "Activités").textContent()).toBe(
      `${all.totals.count} activité${all.totals.count > 1 ? "s" : ""}`,
    )
    expect(await figure(totals, "Surface travaillée").textContent()).toBe(
      `${two.format(all.totals.areaHa)} ha`,
    )
    const rows = page.locator("tbody tr")
    expect(await rows.count()).toBe(Math.min(50, all.totals.count))
    expect(await seriousViolations(page)).toEqual([])

    // Ordered by area, largest first: the first row is the API's largest.
    await page.getByRole("button", { name: /^Surface \(ha\)/ }).click()
    await page.waitForURL(/sort=area/)
    const largest = Math.max(...all.activities.map((a) => a.areaHa ?? 0))
    await expect
      .poll(async () => rows.first().locator("td").nth(4).textContent(), { timeout: 30_000 })
      .toBe(two.format(largest))
    expect(await page.locator("th[aria-sort]").getAttribute("aria-sort")).toBe("descending")

    // Narrowed to the tractor: the totals are its own.
    const tractor = all.activities.find((a) => a.machine.name.startsWith("Tracteur"))?.machine
    if (tractor === undefined) throw new Error("the demo has no tractor activity")
    const mine = await api({ machine: tractor.id })
    await page
      .locator("input[aria-haspopup]")
      .and(page.getByLabel("Machine", { exact: true }))
      .click()
    await page.getByRole("option", { name: tractor.name }).click()
    await page.waitForURL(new RegExp(`machine=${tractor.id}`))
    await expect
      .poll(async () => figure(totals, "Activités").textContent(), { timeout: 30_000 })
      .toBe(`${mine.totals.count} activité${mine.totals.count > 1 ? "s" : ""}`)

    // "Exporter mes données" as CSV: the rows shown, the way a French spreadsheet opens them.
    await page.getByRole("button", { name: "Exporter mes données" }).click()
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("menuitem", { name: "Tableur (CSV)" }).click(),
    ])
    const bytes = readFileSync((await download.path()) ?? "")
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const lines = bytes.subarray(3).toString("utf8").trim().split("\r\n")
    expect(lines[0]).toContain("Surface travaillée (ha);")
    expect(lines).toHaveLength(mine.totals.count + 1)
    expect(lines.slice(1).every((l) => l.includes(tractor.name))).toBe(true)
    await page.getByText("Fichier enregistré dans vos téléchargements").waitFor()
    // And as a workbook: a zip of sheets (its cells are read back in server/activities/list.test.ts).
    await page.getByRole("button", { name: "Exporter mes données" }).click()
    const [workbook] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("menuitem", { name: "Excel (XLSX)" }).click(),
    ])
    expect(workbook.suggestedFilename()).toMatch(/\.xlsx$/)
    expect(
      readFileSync((await workbook.path()) ?? "")
        .subarray(0, 2)
        .toString(),
    ).toBe("PK")

    // An activity's page, one the first test did not change (which one that was depends on the hour
    // of the run): its trace drawn on the map by state, the tool's ground under it.
    const untouched = mine.activities.find((a: { edited: boolean }) => !a.edited)
    if (untouched === undefined) throw new Error("every activity of the tractor was changed")
    await page.locator(`tbody tr a[href$="/Activitys/${untouched.id}"]`).click()
    await page.waitForURL(/\/Activitys\/[0-9a-f-]{36}$/)
    const id = page.url().split("/").pop() ?? ""
    const map = page.getByRole("region", { name: "Carte de l'activité" })
    await map.and(page.locator("[data-ready]")).waitFor()
    expect(Number(await map.getAttribute("data-runs"))).toBeGreaterThan(0)
    await page
      .getByRole("list", { name: "Légende de la carte" })
      .getByText(/^Travail · /)
      .waitFor()
    await page.getByText("Aucune modification : tout vient du calcul des traces.").waitFor()
    expect(await seriousViolations(page)).toEqual([])

    // A manager corrects its product type and its field; the history says who changed what.
    const choices = (await callApi(server.url, demo, "GET", `/activities/${id}/choices`)).body as {
      fields: Array<{ id: string; name: string }>
    }
    const before = (await callApi(server.url, demo, "GET", `/activities/${id}`)).body as {
      fields: Array<{ id: string; name: string }>
    }
    const field = choices.fields.find((f) => !before.fields.some((b) => b.id === f.id))
    if (field === undefined) throw new Error("the demo's structure has a single field")
    await page.getByRole("button", { name: /^Modifier / }).click()
    const dialog = page.getByRole("dialog")
    const fields = dialog.getByRole("combobox", { name: "Parcelles travaillées" })
    await fields.waitFor()
    // As a person at a keyboard does: Backspace in the empty search takes the last field off.
    for (const _ of before.fields) await fields.press("Backspace")
    // Typed, then chosen from the keyboard; Escape closes the list so it covers nothing.
    await fields.fill(field.name)
    await page
      .getByRole("option", { name: `${field.name} · `, exact: false })
      .first()
      .waitFor()
    await fields.press("ArrowDown")
    await fields.press("Enter")
    await fields.press("Escape")
    await dialog.getByText(`${field.name} · `, { exact: false }).first().waitFor()
    const product = dialog.getByLabel("Type de produit")
    const current = await product.inputValue()
    const options = await product
      .locator("option")
      .evaluateAll((os) =>
        os.map((o) => ({ value: (o as HTMLOptionElement).value, label: o.textContent ?? "" })),
      )
    const chosen = options.find((o) => o.value !== current && o.value !== "none")
    if (chosen === undefined) throw new Error("the demo has a single product type")
    await product.selectOption(chosen.value)
    await dialog.getByRole("button", { name: "Enregistrer" }).click()
    await dialog.waitFor({ state: "detached" })
    const history = page.getByRole("region", { name: "Historique des modifications" })
    await history.getByText(new RegExp(`a changé « Type de produit » : .* → ${chosen.label}$`)).waitFor()
    await history.getByText(`→ ${field.name}`, { exact: false }).waitFor()
    const detail = (await callApi(server.url, demo, "GET", `/activities/${id}/detail`)).body as {
      activity: { fields: Array<{ id: string }> }
      history: Array<{ change: { field: string } }>
    }
    expect(detail.history.map((h) => h.change.field)).toEqual(["productType", "fields"])
    expect(detail.activity.fields.map((f) => f.id)).toEqual([field.id])
    // The page reads the corrected field.
    await page.getByText(field.name).first().waitFor()
    await page.context().close()

    // On a phone: the list as cards under folded filters, nothing wider than the screen; the page's map.
    const small = await demoPage(suite, phone)
    await small.goto(`${server.url}/Activitys`)
    await small.getByRole("list", { name: "Activités" }).getByRole("listitem").first().waitFor()
    expect(await small.getByRole("button", { name: "Filtres" }).getAttribute("aria-expanded")).toBe("false")
    expect(
      await small.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    ).toBeLessThanOrEqual(0)
    expect(await seriousViolations(small)).toEqual([])
    await small.getByRole("list", { name: "Activités" }).getByRole("link").first().click()
    // MapLibre on a loaded machine (the other journeys run beside this one) may take more than the page's 45 s.
    await small
      .getByRole("region", { name: "Carte de l'activité" })
      .and(small.locator("[data-ready]"))
      .waitFor({ timeout: 150_000 })
    expect(
      await small.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    ).toBeLessThanOrEqual(0)
    await small.context().close()
  }, 420_000)
})

describe("a dispute of an activity", () => {
  it("a member contests on a phone an activity billed to them, with the same evidence; the manager answers, and the thread stays", async () => {
    const { server } = suite
    const paul = { email: "paul.martin@sillon.test", password: demoSignIn.password }
    const asPaul = await apiSignIn(suite.server.url, paul)
    const me = (await callApi(server.url, asPaul, "GET", "/me")).body as { id: string }
    const month = choicePeriod("last30", zone)
    const billed = async () =>
      (
        (
          await callApi(
            server.url,
            asPaul,
            "GET",
            `/activities?${new URLSearchParams({ start_date: month.start, end_date: month.end, member: me.id })}`,
          )
        ).body as { activities: Array<Listed> }
      ).activities
    await expect
      .poll(async () => (await billed()).length, { timeout: 180_000, interval: 3000 })
      .toBeGreaterThan(0)
    const target = (await billed())[0] as Listed

    // Paul, on his phone, opens it: the same map and figures the manager sees, and "Contester".
    const small = await demoPage(suite, phone, paul)
    await small.goto(`${server.url}/Activitys/${target.id}`)
    await small
      .getByRole("region", { name: "Carte de l'activité" })
      .and(small.locator("[data-ready]"))
      .waitFor()
    expect(await small.getByRole("button", { name: /^Modifier / }).count()).toBe(0)
    await small.getByRole("button", { name: "Contester cette activité" }).click()
    // Nothing written: refused with its message, nothing sent.
    await small.getByRole("button", { name: "Envoyer la contestation" }).click()
    await small.getByText("Écrivez pourquoi vous contestez cette activité").waitFor()
    await small
      .getByLabel("Pourquoi contestez-vous cette activité ?")
      .fill("Je n'ai semé que la moitié de la parcelle ce jour-là.")
    await small.getByRole("button", { name: "Envoyer la contestation" }).click()
    const thread = small.getByRole("region", { name: "Contestations" })
    await thread.getByRole("article").getByText("En attente de réponse").waitFor()
    await thread
      .getByRole("article")
      .getByText("Je n'ai semé que la moitié de la parcelle ce jour-là.")
      .waitFor()
    expect(await small.getByRole("button", { name: "Contester cette activité" }).count()).toBe(0)
    expect(
      await small.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    ).toBeLessThanOrEqual(0)
    expect(await seriousViolations(small)).toEqual([])
    await small.context().close()

    // The manager reads it on the activity's page and keeps the activity, saying why.
    const page = await demoPage(suite, { width: 1280, height: 900 })
    await page.goto(`${server.url}/Activitys/${target.id}`)
    const managerThread = page.getByRole("region", { name: "Contestations" })
    await managerThread
      .getByRole("article")
      .getByText("Je n'ai semé que la moitié de la parcelle ce jour-là.")
      .waitFor()
    await page
      .getByLabel("Votre réponse")
      .fill("Le boîtier montre les deux moitiés travaillées : je la garde.")
    await page.getByRole("button", { name: "Maintenue" }).click()
    // The answer is in the dispute's own card, marked kept; no answer is asked any more.
    const card = managerThread.getByRole("article")
    await card.getByText("Le boîtier montre les deux moitiés travaillées : je la garde.").waitFor()
    expect(await card.getByText("Maintenue", { exact: true }).count()).toBe(1)
    await page.getByLabel("Votre réponse").waitFor({ state: "detached" })
    await page.context().close()

    // Paul reads the answer; he may contest again.
    const again = await demoPage(suite, phone, paul)
    await again.goto(`${server.url}/Activitys/${target.id}`)
    await again
      .getByRole("region", { name: "Contestations" })
      .getByRole("article")
      .getByText("Le boîtier montre les deux moitiés travaillées : je la garde.")
      .waitFor()
    await again.getByRole("button", { name: "Contester cette activité" }).waitFor()
    await again.context().close()
  }, 420_000)
})

describe('"J\'ai terminé mon activité"', () => {
  it("the tractor's driver confirms on a phone the activity just ended, and the office reads it on the activity's page", async () => {
    const { server } = suite
    const demo = await apiSignIn(suite.server.url, demoSignIn)
    const since = {
      start_date: new Date(Date.now() - 48 * 3_600_000).toISOString(),
      end_date: new Date(Date.now() + 3_600_000).toISOString(),
    }
    type Driven = Listed & {
      machine: { name: string; cluster: { id: string } }
      drivers: Array<{ id: string }>
    }
    const all = async () =>
      (
        (await callApi(server.url, demo, "GET", `/activities?${new URLSearchParams(since)}`)).body as {
          activities: Array<Driven>
        }
      ).activities
    // The demo's driver tag is held by one of the CUMA's members: whoever the box heard.
    await expect
      .poll(async () => (await all()).some((a) => a.drivers.length > 0), { timeout: 300_000, interval: 3000 })
      .toBe(true)
    const newest = (await all()).find((a) => a.drivers.length > 0) as Driven
    const driverId = newest.drivers[0]?.id
    const members = (await callApi(server.url, demo, "GET", `/clusters/${newest.machine.cluster.id}/members`))
      .body as Array<{ user: { id: string; email: string } }>
    const email = members.find((m) => m.user.id === driverId)?.user.email
    if (email === undefined) throw new Error("the driver is no member of the demo CUMA")

    // From the home card, on the driver's phone.
    const small = await demoPage(suite, phone, { email, password: demoSignIn.password })
    await small
      .getByRole("article")
      .filter({ hasText: "J'ai terminé mon activité" })
      .getByRole("link")
      .click()
    await small.waitForURL(/\/Activitys\/finished$/)
    // The newest activity they drove is chosen.
    const chosen = small.getByRole("radio", { checked: true })
    await chosen.waitFor()
    expect(await chosen.textContent()).toContain(newest.machine.name)
    await small.getByLabel("Un mot pour le bureau").fill("Reste un hectare au fond, trop mouillé.")
    await small.getByRole("button", { name: "Confirmer" }).click()
    await small.getByText("Merci : le bureau a votre confirmation.").waitFor()
    expect(
      await small.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    ).toBeLessThanOrEqual(0)
    expect(await seriousViolations(small)).toEqual([])
    await small.getByRole("link", { name: "Voir l'activité" }).click()
    await small.waitForURL(new RegExp(`/Activitys/${newest.id}$`))
    await small
      .getByRole("region", { name: "Confirmations du chauffeur" })
      .getByText("« Reste un hectare au fond, trop mouillé. »")
      .waitFor()
    await small.context().close()
  }, 420_000)
})

describe("splitting and merging an activity", () => {
  it("a manager cuts an activity at a time typed on its page, then merges the two parts back", async () => {
    const { server } = suite
    const demo = await apiSignIn(suite.server.url, demoSignIn)
    const month = choicePeriod("last30", zone)
    const listed = async () =>
      (
        (
          await callApi(
            server.url,
            demo,
            "GET",
            `/activities?${new URLSearchParams({ start_date: month.start, end_date: month.end, limit: "1000" })}`,
          )
        ).body as { activities: Array<Listed & { machine: { id: string } }> }
      ).activities
    const before = await listed()
    // An activity of at least half an hour of a day the demo's boxes no longer send (today's may
    // still grow while the test runs); its second part will be the neighbour merged back.
    const today = new Date(`${new Date().toISOString().slice(0, 10)}T00:00:00Z`).getTime() - 2 * 3_600_000
    const target = before.find(
      (a) => Date.parse(a.end) < today && Date.parse(a.end) - Date.parse(a.start) >= 30 * 60_000,
    )
    if (target === undefined) throw new Error("the demo has no activity of half an hour")
    const middle = (Date.parse(target.start) + Date.parse(target.end)) / 2

    const page = await demoPage(suite, { width: 1280, height: 900 })
    await page.goto(`${server.url}/Activitys/${target.id}`)
    const section = page.getByRole("region", { name: "Couper ou fusionner" })
    await section.getByLabel("Heure de la coupure").fill(clock.format(middle))
    await section.getByRole("button", { name: "Couper l'activité" }).click()
    await page.getByText("Activité coupée en deux").waitFor()
    await page
      .getByRole("region", { name: "Historique des modifications" })
      .getByText(`a coupé l'activité à ${clock.format(Math.floor(middle / 60_000) * 60_000)}`)
      .first()
      .waitFor()
    expect((await listed()).length).toBe(before.length + 1)

    // The page follows the part it shows; merged with the other part, one activity again.
    const shown = page.url().split("/").pop() ?? ""
    const detail = (await callApi(server.url, demo, "GET", `/activities/${shown}/detail`)).body as {
      previous: { id: string } | null
      next: { id: string } | null
    }
    const merge =
      detail.next !== null ? /^Fusionner avec l'activité suivante/ : /^Fusionner avec l'activité précédente/
    await section.getByRole("button", { name: merge }).click()
    await page.getByText("Activités fusionnées").waitFor()
    await expect.poll(async () => (await listed()).length).toBe(before.length)
    const merged = (await listed()).find(
      (a) => a.start === target.start && a.machine.id === target.machine.id,
    )
    expect(merged?.end).toBe(target.end)
    await page.waitForURL(new RegExp(`/Activitys/${merged?.id}$`))
    expect(await seriousViolations(page)).toEqual([])
    await page.context().close()
  }, 300_000)
})
