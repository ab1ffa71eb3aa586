// Size: one demo server — the demo tractor's dashboard over a week then a year, its curve of a CAN value, and its raw CAN values exported as shown.

import { readFileSync } from "node:fs"
import { describe, expect, it } from "vitest"
import { dashboardPeriod } from "../../src/views/dashboard/dashboardPeriod"
import { apiSignIn, demoPage, seriousViolations } from "./support/demo"
import { callApi } from "./support/session"
import { serverAndBrowser } from "./support/suite"

// The demo with two simulated days of telemetry: the ingest keeps the rollups as it stores them.
const suite = serverAndBrowser({ DEMO_TELEMETRY_DAYS: "2" })
const zone = "Europe/Paris"
const count = new Intl.NumberFormat("fr-FR")

/** The demo administrator's session (by the API) and the demo tractor. */
const demoTractor = async (url: string) => {
  const demo = await apiSignIn(url)
  const machines = (await callApi(url, demo, "GET", "/machines")).body as Array<{ id: string; name: string }>
  const tractor = machines.find((m) => m.name.startsWith("Tracteur"))
  if (tractor === undefined) throw new Error("the demo data has no tractor")
  return { demo, tractor }
}

describe("a machine's dashboard, in Chromium", () => {
  it("the demo tractor's dashboard shows its week as the server reads it, then its year, and a CAN value's curve", async () => {
    const { server } = suite
    const { demo, tractor } = await demoTractor(server.url)
    const fixesOver = async (choice: "week" | "season") => {
      const p = dashboardPeriod(choice, zone)
      const { body } = await callApi(
        server.url,
        demo,
        "GET",
        `/dashboardMachines/${tractor.id}?${new URLSearchParams({ startDate: p.start, endDate: p.end })}`,
      )
      return (body as { fixes: number }).fixes
    }
    const week = await fixesOver("week")
    expect(week).toBeGreaterThan(1000)

    const page = await demoPage(suite, { width: 1280, height: 900 })
    await page.goto(`${server.url}/machines/${tractor.id}/dashboard`)
    const readings = () =>
      page
        .locator("dt", { hasText: /^Relevés$/ })
        .first()
        .locator("xpath=following-sibling::dd[1]")
    await page.getByRole("heading", { name: "Les chiffres de la période" }).waitFor()
    expect(await readings().textContent()).toBe(count.format(week))
    // The charts come with their own chunk: the curve and the donuts are drawn.
    const curve = page.getByRole("figure", { name: "Vitesse (km/h) sur la période" })
    await curve.locator(".recharts-line-curve").first().waitFor()
    expect(await curve.locator(".recharts-line-curve").count()).toBe(3)
    await page
      .getByRole("figure", { name: "Temps par niveau de vibration" })
      .locator("path")
      .first()
      .waitFor()
    expect(await seriousViolations(page)).toEqual([])

    await page.getByText("12 mois", { exact: true }).click()
    await page.getByRole("heading", { name: "Les chiffres de la période" }).waitFor()
    // A year holds the same two simulated days: the same readings, read from the rollups of days.
    await expect.poll(async () => readings().textContent()).toBe(count.format(await fixesOver("season")))

    await page.getByLabel("Courbe").and(page.locator("input")).click()
    await page.getByRole("option", { name: "Régime moteur" }).click()
    const rpm = page.getByRole("figure", { name: "Régime moteur (tr/min) sur la période" })
    // Two days in a year: a few steps with values between gaps, drawn as dots.
    await rpm.locator(".recharts-line-dot").first().waitFor()
    await page.context().close()
  })

  it("canbus_raw shows the tractor's CAN values reading by reading, and its CSV holds exactly what it shows", async () => {
    const { server } = suite
    const page = await demoPage(suite, { width: 1280, height: 900 })
    await page.goto(`${server.url}/canbus_raw`)
    await page.getByLabel("Machine").selectOption({ label: "Tracteur John Deere 6155R" })
    // Yesterday and today, UTC: the two simulated days.
    const yesterday = new Date(Date.now() - 86_400_000)
    const day = `${String(yesterday.getUTCDate()).padStart(2, "0")}/${String(yesterday.getUTCMonth() + 1).padStart(2, "0")}/${yesterday.getUTCFullYear()}`
    const start = page.getByRole("textbox", { name: /Début/ }).first()
    await start.fill(day)
    await start.press("Tab")
    await page.getByRole("button", { name: "Afficher" }).click()
    const table = page.getByRole("table", { name: "Données CAN brutes" })
    await table.waitFor()
    const status = await page.getByText(/positions? sur la période/).textContent()
    const total = Number((status ?? "").replace(/\D/g, ""))
    expect(total).toBeGreaterThan(100)
    const headers = await table.locator("thead th").allInnerTexts()
    expect(headers.slice(0, 2)).toEqual(["Heure (UTC)", "Boîtier"])
    expect(headers.join(" ")).toContain("engineSpeed (tr/min)")
    const firstRow = await table.locator("tbody tr").first().locator("td").allInnerTexts()

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Exporter en CSV" }).click(),
    ])
    const lines = readFileSync(await download.path(), "utf8")
      .trim()
      .split("\n")
    expect(lines).toHaveLength(total + 1)
    const names = lines[0].split(",").slice(2)
    // The table's columns are the page's names (the name as sent on its header's last line); the CSV's the period's.
    expect(headers.slice(2).map((h) => (h.split("\n").at(-1) ?? "").replace(/ \(.*\)$/, ""))).toEqual(names)
    const csvFirst = lines[1].split(",")
    expect(csvFirst[0].replace("T", " ").slice(0, 19)).toBe(firstRow[0])
    expect(csvFirst[1]).toBe(firstRow[1])
    for (const [i, name] of names.entries()) {
      const cell = firstRow[i + 2] ?? ""
      const sent = csvFirst[i + 2] ?? ""
      expect(cell === "" ? "" : Number(cell), name).toBe(sent === "" ? "" : Number(sent))
    }
    await page.context().close()
  })

  it("on a phone, a manager sets how engine speed reads from the dashboard's link, and the dashboard reads it so", async () => {
    const { server } = suite
    const { demo, tractor } = await demoTractor(server.url)
    const page = await demoPage(suite, { width: 390, height: 844 })
    await page.goto(`${server.url}/machines/${tractor.id}/dashboard`)
    await page.getByRole("link", { name: /Régler la lecture des valeurs CAN/ }).click()
    await page.waitForURL(
      (url) => url.pathname === "/canbus_raw" && url.searchParams.get("machine") === tractor.id,
    )
    const speed = page.getByRole("listitem", { name: "Régime moteur" })
    await speed.getByText("Lecture par défaut").waitFor()
    expect(await seriousViolations(page)).toEqual([])

    await speed.getByRole("button", { name: "Modifier la lecture de Régime moteur" }).click()
    const dialog = page.getByRole("dialog", { name: "Lecture de Régime moteur" })
    await dialog.getByLabel("Libellé en français").fill("Régime en milliers")
    await dialog.getByLabel("Unité").fill("ktr/min")
    await dialog.getByLabel("Échelle").fill("0,001")
    await dialog.getByRole("button", { name: "Enregistrer" }).click()
    await dialog
      .getByText("Les nombres décimaux s'écrivent avec un point, pas une virgule (par exemple 3.5)")
      .waitFor()
    await dialog.getByLabel("Échelle").fill("0.001")
    await dialog.getByText("Une valeur brute de 1 000 se lira 1 ktr/min.").waitFor()
    expect(await seriousViolations(page)).toEqual([])
    await dialog.getByRole("button", { name: "Enregistrer" }).click()
    await page
      .getByText("La lecture de « Régime en milliers » est enregistrée ; le tableau de bord l'applique.")
      .waitFor()
    const set = page.getByRole("listitem", { name: "Régime en milliers" })
    await set.getByText("Réglée pour cette machine").waitFor()

    // The dashboard's last values read the engine speed the new way: thousands, in ktr/min (the
    // value sent is read before and after the page, in case the box sends meanwhile).
    const lastSent = async () => {
      const { body } = await callApi(
        server.url,
        demo,
        "GET",
        `/lastTemporalDatas/${tractor.id}?field=can.engineSpeed`,
      )
      const value = (body as { values: Array<{ field: string; value: number }> }).values.find(
        (v) => v.field === "can.engineSpeed",
      )?.value
      if (value === undefined) throw new Error("the demo tractor sent no engine speed")
      return value
    }
    const before = await lastSent()
    await page.goto(`${server.url}/machines/${tractor.id}/dashboard`)
    const row = page
      .getByRole("table", { name: "Dernières valeurs" })
      .getByRole("row", { name: /Régime en milliers/ })
    await row.waitFor()
    const shown = await row.locator("td").nth(1).textContent()
    const one = new Intl.NumberFormat("fr-FR", { maximumFractionDigits: 1 })
    const expected = [before, await lastSent()].map((v) => `${one.format(v * 0.001)} ktr/min`)
    expect(expected).toContain(shown)

    // And back to the default reading.
    await page.goto(`${server.url}/canbus_raw?machine=${tractor.id}`)
    await page.getByRole("button", { name: "Modifier la lecture de Régime en milliers" }).click()
    await page.getByRole("button", { name: "Revenir à la lecture par défaut" }).click()
    await page.getByText("« Régime moteur » se lit de nouveau par défaut.").waitFor()
    await page.context().close()
  })
})
