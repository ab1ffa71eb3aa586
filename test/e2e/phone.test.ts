// Size: the phone journeys of issue 12 (planning, machines list and tabs, notifications, the booking page while it loads) share one server and the demo person.
import AxeBuilder from "@axe-core/playwright"
import type { Browser, Page, Route } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { demoSignIn } from "../../server/seed/demo"
import { launchBrowser } from "./support/browser"
import { seriousViolations } from "./support/demo"
import { signInThroughForm } from "./support/people"
import { type RunningServer, startServer } from "./support/server"
import { phone } from "./support/session"

let server: RunningServer
let browser: Browser
/** The demo CUMA and its tractor, read through the API. */
let demo: { cluster: string; machine: string; token: string }

beforeAll(async () => {
  ;[server, browser] = await Promise.all([startServer(), launchBrowser()])
  const login = await fetch(`${server.url}/api/v2/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(demoSignIn),
  })
  const { token } = (await login.json()) as { token: string }
  const machines = (await (
    await fetch(`${server.url}/api/v2/machines`, { headers: { authorization: `JWT ${token}` } })
  ).json()) as Array<{ id: string; name: string; cluster: { id: string } }>
  const tractor = machines.find((m) => m.name.startsWith("Tracteur")) ?? machines[0]
  if (tractor === undefined) throw new Error("the demo has no machine")
  demo = { cluster: tractor.cluster.id, machine: tractor.id, token }
})
afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

/** The demo person, signed in through the form, in a browser of the given size and language. */
const demoPage = async (viewport = phone, language = "fr"): Promise<Page> => {
  const context = await browser.newContext({ locale: "fr-FR", serviceWorkers: "block", viewport })
  const page = await context.newPage()
  page.setDefaultTimeout(30_000)
  await page.goto(`${server.url}/signin`)
  await signInThroughForm(page, { ...demoSignIn, firstname: "", lastname: "" })
  await page.waitForURL(/\/home$/)
  if (language !== "fr") await page.evaluate((l) => localStorage.setItem("sillon.locale", l), language)
  return page
}

/** How far the page reaches past the screen's right edge (0: nothing to scroll sideways). */
const sideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)

/** The local day (YYYY-MM-DD) of the demo's booking of tomorrow 12:00 UTC (the combine and Luc). */
const combineDay = () => {
  const now = new Date()
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1, 12))
  const pad = (n: number) => String(n).padStart(2, "0")
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`
}

describe("the global planning on a phone", () => {
  it("is an agenda of the period, nothing to scroll sideways; a tap on a booking opens it", async () => {
    const page = await demoPage()
    await page.goto(`${server.url}/PlanningMain?view=day&date=${combineDay()}`)
    const booking = page.getByRole("button", {
      name: /^Moissonneuse Claas Lexion 760 → Bernard Luc\s*\d\d:\d\d – \d\d:\d\d\s*En attente de validation$/,
    })
    await booking.waitFor()
    expect(await page.getByRole("radio", { name: "Jour", exact: true }).isChecked()).toBe(true)
    expect(await page.getByRole("button", { name: /^Créneau/ }).count()).toBe(0)
    expect(await sideways(page)).toBe(0)
    expect(await seriousViolations(page)).toEqual([])
    await booking.click()
    await page.waitForURL(/\/ActionBooking\?booking=/)
    await page.getByRole("heading", { name: "Réservation", level: 1 }).waitFor()
    await page.context().close()
  })

  it("by resource, each machine with its bookings of the week or free", async () => {
    const page = await demoPage()
    await page.goto(`${server.url}/PlanningMain?by=resource`)
    const tractor = page.getByRole("region", { name: "Tracteur John Deere 6155R" })
    await tractor.getByRole("button").first().waitFor()
    expect(await sideways(page)).toBe(0)
    expect(await seriousViolations(page)).toEqual([])
    await page.context().close()
  })

  it("on a wide screen, the calendar's header buttons are named with what they show", async () => {
    const page = await demoPage({ width: 1280, height: 800 })
    await page.goto(`${server.url}/PlanningMain`)
    await page.getByRole("tab", { name: "Afficher le jour" }).waitFor()
    const monday = page.locator(".mantine-WeekView-weekViewDayLabel").first()
    expect(await monday.getAttribute("aria-label")).toMatch(/^lundi \d+ \p{L}+ \d{4}$/u)
    const mismatches = (await new AxeBuilder({ page }).withRules(["label-content-name-mismatch"]).analyze())
      .violations
    expect(mismatches.flatMap((v) => v.nodes.map((n) => n.target.join(" ")))).toEqual([])
    await page.context().close()
  })
})

describe("the machines on a phone", () => {
  it("lists with the search and the structure each the full width, the add link's label centred", async () => {
    const page = await demoPage()
    await page.goto(`${server.url}/ListMachines`)
    const search = page.getByLabel("Rechercher une machine")
    const structure = page.getByLabel("Structure")
    await structure.waitFor()
    const list = await page.getByRole("list", { name: "Machines" }).boundingBox()
    for (const input of [search, structure])
      expect((await input.boundingBox())?.width).toBeGreaterThan((list?.width ?? 0) * 0.95)
    // "Toutes les structures" shows whole: the select is wider than its text.
    const fits = await structure.evaluate((el) => {
      const select = el as HTMLSelectElement
      const probe = document.createElement("canvas").getContext("2d") as CanvasRenderingContext2D
      probe.font = getComputedStyle(select).font
      return (
        probe.measureText(select.options[select.selectedIndex]?.text ?? "").width < select.clientWidth - 32
      )
    })
    expect(fits).toBe(true)
    const add = page.getByRole("main").getByRole("link", { name: "Ajouter une machine" })
    const [box, label] = await Promise.all([
      add.boundingBox(),
      add.locator(".mantine-Button-label").boundingBox(),
    ])
    const middle = (b: { y: number; height: number } | null) => (b === null ? Number.NaN : b.y + b.height / 2)
    expect(Math.abs(middle(box) - middle(label))).toBeLessThan(2)
    await page.context().close()
  })

  it("keeps every tab label whole, in German at 360 px too", async () => {
    const page = await demoPage({ width: 360, height: 800 }, "de")
    await page.goto(`${server.url}/machines/${demo.machine}/work_order`)
    const tabs = page.getByRole("tablist").getByRole("tab")
    await tabs.first().waitFor()
    // Each word of each label on one line: none cut ("Arbeitsauftr / ag"), none hidden.
    const cut = await tabs.evaluateAll((all) =>
      all.flatMap((tab) => {
        const text = tab.querySelector(".mantine-Tabs-tabLabel")?.firstChild
        if (!text?.textContent) return [`${tab.textContent}: no label`]
        const range = document.createRange()
        let at = 0
        return text.textContent.split(" ").flatMap((word) => {
          range.setStart(text, at)
          range.setEnd(text, at + word.length)
          at += word.length + 1
          return range.getClientRects().length === 1 ? [] : [word]
        })
      }),
    )
    expect(await tabs.allInnerTexts()).toContain("Arbeitsauftrag")
    expect(cut).toEqual([])
    expect(await sideways(page)).toBe(0)
    await page.context().close()
  })
})

describe("a saved booking on a phone", () => {
  it("says so under the header, leaving the menu, the bell and the language free", async () => {
    const page = await demoPage()
    const start = new Date(Date.now() + 200 * 86_400_000)
    start.setUTCHours(8, 0, 0, 0)
    const end = new Date(start.getTime() + 2 * 3_600_000)
    const search = new URLSearchParams({
      cluster: demo.cluster,
      machine: demo.machine,
      start: start.toISOString(),
      end: end.toISOString(),
    })
    await page.goto(`${server.url}/ActionBooking?${search}`)
    await page.getByRole("button", { name: "Envoyer la demande" }).click()
    const toast = page.getByRole("alert").filter({ hasText: "Réservation envoyée" })
    await toast.waitFor()
    const [header, shown] = await Promise.all([page.getByRole("banner").boundingBox(), toast.boundingBox()])
    expect(shown?.y).toBeGreaterThanOrEqual((header?.y ?? 0) + (header?.height ?? Number.POSITIVE_INFINITY))
    await page.context().close()
  })
})

describe("the booking page while it loads", () => {
  /** Holds every request matching `url` until `release` is called (a slow phone network). */
  const hold = async (page: Page, url: RegExp) => {
    const held: Array<Route> = []
    let open = false
    await page.route(url, (route) => (open ? route.continue() : void held.push(route)))
    return () => {
      open = true
      for (const route of held.splice(0)) void route.continue()
    }
  }

  it("shows the frame and a loader, never a blank page, while its code downloads", async () => {
    const page = await demoPage()
    const release = await hold(page, /\/assets\/ActionBooking-[^/]+\.js$/)
    // A slow network: the session check takes seconds too. The router then keeps the first
    // pending screen it showed until the whole page is ready; that screen must be the frame.
    await page.route(/\/api\/v2\/me$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 3_000))
      await route.continue()
    })
    await page.goto(`${server.url}/ActionBooking`, { waitUntil: "commit" })
    await page.getByLabel("Chargement…").first().waitFor()
    await page.getByRole("banner").getByText("Sillon").waitFor()
    release()
    await page.getByRole("heading", { name: "Faire une réservation" }).waitFor()
    await page.context().close()
  })

  it("shows a loader, never a blank page, while the session is checked", async () => {
    const page = await demoPage()
    const release = await hold(page, /\/api\/v2\/me$/)
    await page.goto(`${server.url}/ActionBooking?machine=${demo.machine}`, { waitUntil: "commit" })
    await page.getByLabel("Chargement…").first().waitFor()
    release()
    await page.getByRole("heading", { name: "Faire une réservation" }).waitFor()
    await page.context().close()
  })
})
