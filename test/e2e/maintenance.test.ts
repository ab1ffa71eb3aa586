// Size: one demo server — the maintenance dashboard on a phone: an overdue rule recorded from its alert.

import { describe, expect, it } from "vitest"
import { apiSignIn, demoPage, seriousViolations } from "./support/demo"
import { callApi } from "./support/session"
import { serverAndBrowser } from "./support/suite"

const suite = serverAndBrowser({ DEMO_TELEMETRY_DAYS: "1" })

describe("maintenance, in Chromium", () => {
  it("on a phone, the demo tractor's overdue air filter is recorded from its alert in two taps and is up to date again", async () => {
    const { server } = suite
    const page = await demoPage(suite, { width: 390, height: 844 })
    await page.goto(`${server.url}/maintenance/dashboard`)
    const rule = page.getByRole("listitem", { name: "Tracteur John Deere 6155R — Filtre à air" })
    await rule.getByText("En retard").waitFor()
    expect(await rule.getByText("Jamais enregistré").count()).toBe(1)
    expect(await seriousViolations(page)).toEqual([])

    // Two taps: the rule's button, then "Enregistrer" (the date is now; the cost is optional).
    await rule
      .getByRole("button", { name: "Enregistrer l'entretien Filtre à air de Tracteur John Deere 6155R" })
      .click()
    const dialog = page.getByRole("dialog", { name: "Filtre à air — Tracteur John Deere 6155R" })
    await dialog.getByLabel("Coût (€)").fill("32.90")
    await dialog.getByRole("button", { name: "Enregistrer" }).click()
    await page.getByText("Entretien enregistré : Filtre à air. Le compte repart de zéro.").waitFor()
    await rule.getByText("À jour").waitFor()
    expect(await rule.getByText("Encore 250 h").count()).toBe(1)
    expect(await rule.getByText(/^Dernier entretien le /).count()).toBe(1)

    // The server keeps it: the tractor's actions, newest first, start with it.
    const demo = await apiSignIn(server.url)
    const machines = (await callApi(server.url, demo, "GET", "/machines")).body as Array<{
      id: string
      name: string
    }>
    const tractor = machines.find((m) => m.name === "Tracteur John Deere 6155R")
    const actions = (await callApi(server.url, demo, "GET", `/maintenanceActions?machine=${tractor?.id}`))
      .body as Array<{
      rules: Array<{ name: string }>
      costCents: number | null
    }>
    expect(actions[0]).toMatchObject({ rules: [{ name: "Filtre à air" }], costCents: 3290 })
    expect(await seriousViolations(page)).toEqual([])
  })
})
