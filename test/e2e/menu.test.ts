import type { Browser, BrowserContext, Page } from "playwright-core"
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest"
import { launchBrowser } from "./support/browser"
import { newPerson, type Person, seedPerson, signInThroughForm } from "./support/people"
import { type RunningServer, startServer } from "./support/server"
import { callApi, signedInPage } from "./support/session"

let server: RunningServer
let browser: Browser
let context: BrowserContext | undefined

beforeAll(async () => {
  ;[server, browser] = await Promise.all([startServer({ SEED_DEMO: "0" }), launchBrowser()])
})
afterEach(async () => {
  await context?.close()
  context = undefined
})
afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

/** A person who signed up and never gave an address (SPEC §2: forced to /me). */
const withoutAddress = async (): Promise<Person> => {
  const person = newPerson("noaddress")
  const res = await fetch(`${server.url}/api/v1/signup`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ newUser: person }),
  })
  expect(res.status).toBe(201)
  return person
}

/**
 * A French page that records, from its first script on, every address it takes and every main
 * heading it shows, with the address it showed it at.
 */
const recordingPage = async () => {
  context = await browser.newContext({ locale: "fr-FR", serviceWorkers: "block" })
  const page = await context.newPage()
  page.setDefaultTimeout(30_000)
  const addresses: string[] = []
  const headings: string[] = []
  await page.exposeFunction("recordAddress", (path: string) => addresses.push(path))
  await page.exposeFunction("recordHeading", (seen: string) => headings.push(seen))
  await page.addInitScript(() => {
    const record = window as unknown as {
      recordAddress: (path: string) => void
      recordHeading: (seen: string) => void
    }
    for (const method of ["pushState", "replaceState"] as const) {
      const original = history[method].bind(history)
      history[method] = (data, unused, url) => {
        if (url !== undefined && url !== null) record.recordAddress(new URL(url, location.href).pathname)
        original(data, unused, url)
      }
    }
    new MutationObserver(() => {
      for (const h1 of document.querySelectorAll("h1"))
        record.recordHeading(`${location.pathname} ${h1.textContent}`)
    }).observe(document, { subtree: true, childList: true, characterData: true })
  })
  return { page, addresses, headings }
}

describe("signing in to a page while the address is missing", () => {
  it("opens /me and never shows the page asked for", async () => {
    const person = await withoutAddress()
    const { page, headings } = await recordingPage()
    await page.goto(`${server.url}/signin?goto=%2FListMachines`)
    await signInThroughForm(page, person)
    await page.waitForURL((url) => url.pathname === "/me")
    await page.getByText("Complétez votre nom et votre adresse pour continuer.").waitFor()
    expect(headings).toContain("/me Mon profil")
    expect(headings.filter((seen) => seen.endsWith(" Machines"))).toEqual([])
  })

  it("never puts the page asked for in the address on the way", async () => {
    const person = await withoutAddress()
    const { page, addresses } = await recordingPage()
    await page.goto(`${server.url}/signin?goto=%2FListMachines`)
    await signInThroughForm(page, person)
    await page.waitForURL((url) => url.pathname === "/me")
    await page.getByText("Complétez votre nom et votre adresse pour continuer.").waitFor()
    expect(addresses).not.toContain("/ListMachines")
  })
})

describe("the menu and the guide", () => {
  const openMenuEntry = async (page: Page, label: string) => {
    await page.getByRole("navigation", { name: "Menu principal" }).getByRole("link", { name: label }).click()
  }

  it("reaches maintenance, reports and partners from the menu of a structure's creator", async () => {
    const person = await seedPerson(server.url, "menu")
    const created = await callApi(server.url, person, "POST", "/clusters", {
      name: `CUMA du Menu ${Date.now()}`,
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
    const page = await signedInPage(browser, server.url, person, { width: 1280, height: 800 })
    context = page.context()
    for (const [label, path] of [
      ["Entretien", "/maintenance/dashboard"],
      ["Rapports", "/reporting/areas"],
      ["Partenaires", "/partners"],
      ["Données CAN brutes", "/canbus_raw"],
      ["Annonces", "/home/MegaPhone"],
    ] as const) {
      await openMenuEntry(page, label)
      await page.waitForURL((url) => url.pathname === path)
      await page.getByRole("heading", { level: 1, name: label }).waitFor()
    }
  })

  it("opens the user guide from Aide, in the language chosen in the header", async () => {
    const person = await seedPerson(server.url, "guide")
    const page = await signedInPage(browser, server.url, person, { width: 1280, height: 800 })
    context = page.context()
    await page.getByRole("combobox", { name: "Langue" }).selectOption("en")
    await page.getByRole("button", { name: /Account menu/ }).click()
    await page.getByRole("menuitem", { name: "Help" }).click()
    await page.waitForURL((url) => url.pathname === "/help")
    await page.getByRole("heading", { level: 1, name: "User guide" }).waitFor()
    const tasks = page.getByRole("region", { name: "Common tasks" })
    await tasks.getByRole("link", { name: "Go : Make a booking" }).click()
    await page.waitForURL((url) => url.pathname === "/ActionBooking")
  })
})
