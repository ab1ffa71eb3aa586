// Size: one demo server — the maintenance tabs on a phone: an overdue rule recorded from its alert,
// a reading and a deletion on the machine's tab, a profile created on the rules tab.

import type { Locator, Page } from "playwright-core"
import { describe, expect, it } from "vitest"
import { apiSignIn, demoPage, seriousViolations } from "./support/demo"
import { callApi } from "./support/session"
import { serverAndBrowser } from "./support/suite"

const suite = serverAndBrowser({ DEMO_TELEMETRY_DAYS: "1" })

/**
 * A select's or multi-select's field (not the hidden input that carries its value), by its label
 * (a required field's label ends with its asterisk).
 */
const picker = (within: Page | Locator, label: string) =>
  within.locator("input[aria-haspopup]").and(within.getByLabel(new RegExp(`^${label}( \\*)?$`)))

describe("maintenance, in Chromium", () => {
  it("on a phone, the manager told of the tractor's overdue air filter records it in two taps; it is up to date again and off the home page", async () => {
    const { server } = suite
    const page = await demoPage(suite, { width: 390, height: 844 })
    // The manager was told (the demo's managers are checked once it is in place), and the home
    // page's overview lists it.
    await page.goto(`${server.url}/notifications`)
    await page.getByText("Entretien en retard : Filtre à air sur Tracteur John Deere 6155R").waitFor()
    await page.goto(`${server.url}/home`)
    const overview = page.getByRole("region", { name: "Aujourd'hui" })
    await overview.getByRole("link", { name: "Tracteur John Deere 6155R · Filtre à air" }).waitFor()
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
    // Done: the home page no longer lists it.
    await page.goto(`${server.url}/home`)
    await overview.getByRole("heading", { level: 3 }).first().waitFor()
    expect(
      await overview.getByRole("link", { name: "Tracteur John Deere 6155R · Filtre à air" }).count(),
    ).toBe(0)
  })

  it("on a phone, a profile is created with its rule and machine, a counter read and a mistaken action deleted", async () => {
    const { server } = suite
    const page = await demoPage(suite, { width: 390, height: 844 })

    // The rules tab: a new profile for the drill, a rule in working hours, the drill attached.
    await page.goto(`${server.url}/maintenance/rules`)
    await page.getByRole("listitem", { name: "Tracteurs et moissonneuse" }).waitFor()
    await page.getByRole("button", { name: "Nouveau profil" }).click()
    const editor = page.getByRole("dialog", { name: "Nouveau profil d'entretien" })
    await editor.getByLabel("Nom du profil").fill("Semoirs")
    await picker(editor, "Structures").click()
    await page.getByRole("option", { name: "CUMA de la Vallée" }).click()
    await editor.getByLabel("Nom du profil").click()
    const rule = editor.getByRole("group", { name: "Règle 1" })
    await rule.getByLabel("Nom de la règle").fill("Contrôle des disques")
    await picker(rule, "Compteur").click()
    await page.getByRole("option", { name: "Heures de travail" }).click()
    await rule.getByLabel("Fréquence").fill("100,5")
    await rule.getByLabel("Première échéance").fill("50")
    await editor.getByRole("button", { name: "Enregistrer" }).click()
    // A comma is refused with the reason; nothing is saved.
    await editor
      .getByText("Les nombres décimaux s'écrivent avec un point, pas une virgule (par exemple 3.5)")
      .waitFor()
    await rule.getByLabel("Fréquence").fill("100")
    await picker(editor, "Machines rattachées").click()
    await page.getByRole("option", { name: "Semoir Kuhn Espro 3000" }).click()
    await editor.getByLabel("Nom du profil").click()
    expect(await seriousViolations(page)).toEqual([])
    await editor.getByRole("button", { name: "Enregistrer" }).click()
    await page.getByText("Profil enregistré : Semoirs.").waitFor()
    const made = page.getByRole("listitem", { name: "Semoirs" })
    await made.getByText(/Toutes les 100 heures de travail, la première fois à 50 h/).waitFor()
    expect(await made.getByText("Semoir Kuhn Espro 3000").count()).toBe(1)
    // On the dashboard, the drill now carries the rule.
    await page.goto(`${server.url}/maintenance/dashboard`)
    await page.getByRole("listitem", { name: "Semoir Kuhn Espro 3000 — Contrôle des disques" }).waitFor()

    // The machines tab: the tractor's counters, a reading entered, the air filter deleted.
    await page.goto(`${server.url}/maintenance/machines`)
    await page
      .getByText("Choisissez une machine pour voir ses compteurs, ses règles et l'entretien fait.")
      .waitFor()
    await picker(page, "Machine").click()
    await page.getByRole("option", { name: /Tracteur John Deere 6155R/ }).click()
    await page.waitForURL(/machine=/)
    const reading = page.getByRole("region", { name: "Relever un compteur" })
    await reading.getByLabel("Valeur lue").fill("5000")
    await reading.getByRole("button", { name: "Enregistrer le relevé" }).click()
    await page.getByText("Relevé enregistré : les compteurs en tiennent compte.").waitFor()
    await page.getByText(/^Heures moteur : 5.000 h$/).waitFor()
    expect(await seriousViolations(page)).toEqual([])

    // The newest action (whatever an earlier test recorded, or the demo's) deleted after a confirmation.
    const history = page.getByRole("list", { name: "Entretien fait, le plus récent d'abord" })
    const items = history.getByRole("listitem")
    const before = await items.count()
    expect(before).toBeGreaterThan(0)
    const newest = items.first()
    const when =
      (await newest.getByRole("button", { name: /^Supprimer l'entretien du / }).getAttribute("aria-label")) ??
      ""
    const names = ((await newest.getByText(/^Fait : /).textContent()) ?? "").replace("Fait : ", "")
    await newest.getByRole("button", { name: when }).click()
    const confirm = page.getByRole("dialog", { name: "Supprimer cet entretien ?" })
    await confirm.getByText(`(${names}) sera supprimé pour de bon`, { exact: false }).waitFor()
    await confirm.getByRole("button", { name: "Supprimer" }).click()
    await page.getByText("Entretien supprimé.").waitFor()
    await expect.poll(() => items.count()).toBe(before - 1)
    expect(await history.getByRole("button", { name: when }).count()).toBe(0)
  })
})
