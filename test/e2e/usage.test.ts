// Size: one demo server — the demo tractor's use by day and by month, a demo field's season on a phone, a work order, and the bookings reconciled with use on a laptop and a phone.

import { execFileSync } from "node:child_process"
import type { Page } from "playwright-core"
import { describe, expect, it } from "vitest"
import { seasonsOf, usagePeriod } from "../../src/views/usage/periods"
import { apiSignIn, demoPage, seriousViolations } from "./support/demo"
import { callApi } from "./support/session"
import { serverAndBrowser } from "./support/suite"

// The demo with two simulated days of telemetry: the server computes their activities after start.
const suite = serverAndBrowser({ DEMO_TELEMETRY_DAYS: "2" })
const zone = "Europe/Paris"

/** The figure under a label of a summary (a `dt` and its `dd`). */
const figure = (page: Page, label: string) =>
  page
    .locator("dt", { hasText: new RegExp(`^${label}$`) })
    .first()
    .locator("xpath=following-sibling::dd[1]")

interface BookingUseBody {
  state: "asBooked" | "beyond" | "noUse" | "upcoming" | "inProgress" | "released"
  matched: ReadonlyArray<unknown>
  beyond: ReadonlyArray<unknown>
}
interface PlanningUseBody {
  unbooked: ReadonlyArray<{ activity: string }>
}
/** What the booking page says of each state (docs/booking-use.md). */
const stateText: Record<BookingUseBody["state"], string> = {
  asBooked: "Utilisée comme réservée",
  beyond: "Utilisation au-delà de la réservation",
  noUse: "Réservation sans utilisation",
  upcoming: "Pas encore commencée",
  inProgress: "En cours : aucune activité pour l'instant",
  released: "Refusée ou annulée : elle ne retient rien",
}

interface Usage {
  totals: { count: number }
  members: Array<{ member: { firstname: string; lastname: string } | null }>
}

describe("how much, over what period, in Chromium", () => {
  it("the demo tractor's use adds up to what the server sums, by day then by month, and a field's season shows on a phone", async () => {
    const { server } = suite
    const demo = await apiSignIn(suite.server.url)
    const machines = (await callApi(server.url, demo, "GET", "/machines")).body as Array<{
      id: string
      name: string
    }>
    const tractor = machines.find((m) => m.name.startsWith("Tracteur"))
    if (tractor === undefined) throw new Error("the demo data has no tractor")
    const days = usagePeriod("day", zone)
    const usage = async () =>
      (
        await callApi(
          server.url,
          demo,
          "GET",
          `/machines/${tractor.id}/usages?${new URLSearchParams({ start_date: days.start, end_date: days.end, tz: zone })}`,
        )
      ).body as Usage
    // The server computes the simulated days in the background: wait until it has some.
    await expect
      .poll(async () => (await usage()).totals.count, { timeout: 180_000, interval: 1000 })
      .toBeGreaterThan(0)

    const page = await demoPage(suite, { width: 1280, height: 900 })
    await page.goto(`${server.url}/machines/${tractor.id}/usages`)
    await page.getByRole("heading", { name: "Utilisations" }).waitFor()
    await page.getByRole("heading", { name: "Heures de travail par jour" }).waitFor()
    // The page's count is the server's (read again while the queue may still be computing a day).
    await expect
      .poll(
        async () => {
          const shown = await figure(page, "Activités").textContent()
          const count = (await usage()).totals.count
          if (shown !== `${count} activité${count > 1 ? "s" : ""}`) await page.reload()
          return shown === `${count} activité${count > 1 ? "s" : ""}`
        },
        { timeout: 120_000, interval: 3000 },
      )
      .toBe(true)
    // A bar per day worked is drawn, and the member the demo's work is for is in the table.
    await expect.poll(() => page.locator(".recharts-bar-rectangle path").count()).toBeGreaterThan(0)
    const first = (await usage()).members[0]?.member
    if (first)
      await page
        .getByRole("rowheader", { name: new RegExp(first.lastname) })
        .first()
        .waitFor()
    expect(await seriousViolations(page)).toEqual([])
    await page.getByText("Par mois", { exact: true }).click()
    await page.getByRole("heading", { name: "Heures de travail par mois" }).waitFor()
    await page.getByText("Les 12 derniers mois").waitFor()
    await page.getByRole("radiogroup", { name: "Chiffre" }).getByText("Hectares", { exact: true }).click()
    await page.getByRole("heading", { name: "Hectares par mois" }).waitFor()
    await page.context().close()

    // A field the demo's machines worked this campaign, on a phone.
    const season = seasonsOf(zone)[0]
    if (!season) throw new Error("no season")
    const fields = (await callApi(server.url, demo, "GET", "/fields")).body as Array<{
      id: string
      name: string
    }>
    let worked: { id: string; passes: number } | undefined
    for (const f of fields) {
      const a = (
        await callApi(
          server.url,
          demo,
          "GET",
          `/fields/${f.id}/analyses?${new URLSearchParams({ start_date: season.period.start, end_date: season.period.end })}`,
        )
      ).body as { passes: number }
      if (a.passes > 0) {
        worked = { id: f.id, passes: a.passes }
        break
      }
    }
    if (!worked) throw new Error("the demo's machines worked no field this campaign")
    const phone = await demoPage(suite, { width: 390, height: 844 })
    await phone.goto(`${server.url}/fields/${worked.id}/analyses`)
    await phone
      .getByRole("heading", { name: `Campagne ${season.year - 1}-${season.year} (sept. – août)` })
      .waitFor()
    expect(await figure(phone, "Passages").textContent()).toBe(String(worked.passes))
    expect(await figure(phone, "Couverture").textContent()).toMatch(/^×\u00a0\d+,\d\d$/)
    await phone.getByRole("heading", { name: "Hectares travaillés par mois" }).waitFor()
    await phone.getByRole("heading", { name: "Machines", exact: true }).last().waitFor()
    // Nothing wider than the phone but the tables, which scroll by themselves.
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    expect(await seriousViolations(phone)).toEqual([])
    await phone.context().close()
  })

  it("a work order of two of the tractor's activities is printed as a PDF that names them", async () => {
    const { server } = suite
    const demo = await apiSignIn(suite.server.url)
    const machines = (await callApi(server.url, demo, "GET", "/machines")).body as Array<{
      id: string
      name: string
    }>
    const tractor = machines.find((m) => m.name.startsWith("Tracteur"))
    if (tractor === undefined) throw new Error("the demo data has no tractor")
    const page = await demoPage(suite, { width: 1280, height: 900 })
    await page.goto(`${server.url}/machines/${tractor.id}/work_order`)
    await page.getByRole("heading", { name: "Bon de travail", exact: true }).waitFor()
    const boxes = page.getByRole("checkbox")
    await boxes.first().waitFor()
    await boxes.nth(0).check()
    const second = (await boxes.count()) > 1
    if (second) await boxes.nth(1).check()
    await page.getByText(second ? "2 activités choisies" : "1 activité choisie").waitFor()
    await page.getByLabel("Observations (facultatif)").fill("Buses 04, vent faible.")
    const download = page.waitForEvent("download")
    await page.getByRole("button", { name: "Établir le bon de travail (PDF)" }).click()
    const file = await download
    expect(file.suggestedFilename()).toMatch(
      /^bon-de-travail-Tracteur-John-Deere-6155R-\d{4}-\d{2}-\d{2}\.pdf$/,
    )
    await page.getByText(`Bon de travail établi : ${file.suggestedFilename()}`).waitFor()
    const text = execFileSync("pdftotext", ["-layout", await file.path(), "-"]).toString()
    expect(text).toContain("Bon de travail")
    expect(text).toContain(tractor.name)
    expect(text).toContain("Buses 04, vent faible.")
    expect(text).toContain("Signature du client")
    expect(text).toMatch(/Total\s+\d+,\d\d/)
    await page.context().close()
  })
  it("an acceptor sees how the booked machines were used: on the booking, in the planning, and on a phone's agenda", async () => {
    const { server } = suite
    const demo = await apiSignIn(server.url)
    const clusters = (await callApi(server.url, demo, "GET", "/clusters")).body as Array<{
      id: string
      name: string
    }>
    const cuma = clusters.find((c) => c.name.startsWith("CUMA"))
    if (cuma === undefined) throw new Error("the demo data has no CUMA")
    const day = 86_400_000
    const midnight = new Date().setUTCHours(0, 0, 0, 0)
    const window = {
      cluster: cuma.id,
      from: new Date(midnight - 3 * day).toISOString(),
      to: new Date(midnight + day).toISOString(),
      tz: zone,
    }
    const planned = async () =>
      (await callApi(server.url, demo, "GET", `/planning/use?${new URLSearchParams(window)}`))
        .body as PlanningUseBody
    // Yesterday's tractor booking (07:00–11:00 UTC): the demo's booking whose use the boxes tell.
    const bookings = (
      await callApi(
        server.url,
        demo,
        "GET",
        `/booking?${new URLSearchParams({ cluster: cuma.id, from: window.from, to: window.to })}`,
      )
    ).body as Array<{ id: string; start_date: string; resources: Array<{ name: string }> }>
    const booked = bookings.find(
      (b) => b.resources[0]?.name.startsWith("Tracteur") && Date.parse(b.start_date) < midnight,
    )
    if (booked === undefined) throw new Error("the demo has no tractor booking yesterday")
    const readUse = async () =>
      (await callApi(server.url, demo, "GET", `/booking/${booked.id}/use?tz=${zone}`)).body as BookingUseBody

    const page = await demoPage(suite, { width: 1280, height: 900 })
    await page.goto(`${server.url}/ActionBooking?booking=${booked.id}`)
    const section = page.getByRole("region", { name: "Utilisation des machines" })
    await section.waitFor()
    // What the page says is what the server says (read again while the queue may still be computing a day).
    await expect
      .poll(
        async () => {
          const use = await readUse()
          const said = section.getByText(stateText[use.state], { exact: true })
          if ((await said.count()) === 0) {
            await page.reload()
            await section.waitFor()
            return false
          }
          const rows = section.getByRole("region", { name: "Activités dans la réservation" }).getByRole("row")
          return use.matched.length === 0
            ? (await section.getByText("Aucune activité.").count()) > 0
            : (await rows.count()) === use.matched.length + 1
        },
        { timeout: 150_000, interval: 3000 },
      )
      .toBe(true)
    expect(await seriousViolations(page)).toEqual([])

    // The planning of that day, by resource: the booking says its use first, work outside bookings is drawn.
    const yesterday = new Intl.DateTimeFormat("en-CA", { timeZone: zone }).format(
      new Date(Date.parse(booked.start_date)),
    )
    await page.goto(`${server.url}/PlanningMain?by=resource&view=day&date=${yesterday}`)
    await page.getByRole("group", { name: "Légende" }).getByText("Utilisation hors réservation").waitFor()
    const use = await readUse()
    const word = { asBooked: "Utilisée", beyond: "Dépassement", noUse: "Non utilisée" }[use.state as string]
    if (word) await page.getByText(`${word} ·`).first().waitFor()
    if (use.beyond.length > 0)
      await page
        .getByRole("button", { name: /^Au-delà de la réservation/ })
        .first()
        .waitFor()
    expect(await seriousViolations(page)).toEqual([])
    await page.context().close()

    // A phone's agenda from three days ago: the work without booking is listed after the days, and opens.
    const unbooked = (await planned()).unbooked
    const phone = await demoPage(suite, { width: 390, height: 844 })
    const from = new Intl.DateTimeFormat("en-CA", { timeZone: zone }).format(new Date(midnight - 3 * day))
    await phone.goto(`${server.url}/PlanningMobile?date=${from}`)
    await phone.getByRole("heading", { name: "Planning", exact: true, level: 1 }).waitFor()
    if (unbooked.length > 0) {
      const list = phone.getByRole("region", { name: "Utilisation sans réservation" })
      await list.waitFor()
      await list.getByRole("link").first().click()
      await phone.waitForURL(/\/Activitys\/[0-9a-f-]{36}$/)
    }
    await phone.context().close()
  })
}, 400_000)
