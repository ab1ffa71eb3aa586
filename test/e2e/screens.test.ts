// Size: one sweep over the route tree (its routes, their parameters, settling, axe, overflow) reads best whole.
import { existsSync, readFileSync } from "node:fs"
import { createRequire } from "node:module"
import AxeBuilder from "@axe-core/playwright"
import type { Browser, BrowserContext, Page, Request } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { demoSignIn } from "../../server/seed/demo"
import { type Locales, localeStorageKey } from "../../src/i18n/locale"
import { launchBrowser } from "./support/browser"
import { field, seedPerson } from "./support/people"
import { type RunningServer, startServer } from "./support/server"

/**
 * Every screen, at a phone's width and a laptop's: axe finds no serious or critical violation and
 * nothing overflows sideways. The routes come from the generated route tree, so a new route is
 * checked without touching this file — unless it has a `$param` this file has no value for, which
 * fails the first test below.
 *
 * Each screen is read in one language per width, rotating over fr, en, pl and de (a German or
 * Polish label is longer, a name can mismatch its label in one language only): every language
 * covers a quarter of the screens at each width and every screen is read in two languages, for
 * the time of one.
 */

interface TreeRoute {
  /** The path a link opens (`to`), `$params` unfilled. */
  readonly path: string
  /** Some route on its way from the root checks for a session (SPEC §2: guarded). */
  readonly guarded: boolean
}

/** Reads src/routeTree.gen.ts: each route's file and parent, and the paths a link can open. */
const readRouteTree = (): ReadonlyArray<TreeRoute> => {
  const tree = readFileSync("src/routeTree.gen.ts", "utf8")
  const fileOf = new Map(
    [...tree.matchAll(/import \{ Route as (\w+)Import \} from '\.\/(routes\/[^']+)'/g)].map(
      ([, name, file]) => [
        name,
        readFileSync(`src/${file}${existsSync(`src/${file}.tsx`) ? ".tsx" : ".ts"}`, "utf8"),
      ],
    ),
  )
  const parentOf = new Map(
    [...tree.matchAll(/const (\w+) = \w+Import\.update\(\{[^}]*getParentRoute: \(\) => (\w+),/g)].map(
      ([, name, parent]) => [name, parent],
    ),
  )
  const byTo = tree.match(/export interface FileRoutesByTo \{([^}]*)\}/)?.[1] ?? ""
  return [...byTo.matchAll(/'([^']+)': typeof (\w+)/g)].map(([, path, name]) => {
    const sources: Array<string> = []
    for (let at: string | undefined = name; at !== undefined; at = parentOf.get(at)) {
      sources.push(fileOf.get(at) ?? "")
    }
    return {
      path,
      guarded: sources.some((s) => s.includes("requireSession")),
    }
  })
}

const routes = readRouteTree()

/** The demo data a `$param` is filled from, read through the API once the server runs. */
interface Demo {
  readonly cluster: string
  readonly machine: string
  readonly booking: string
}

/** A value for each `$param` of the route tree (and of `searchScreens`); a new parameter needs its line here. */
const params: Record<string, (demo: Demo) => string> = {
  idCluster: (demo) => demo.cluster,
  booking: (demo) => demo.booking,
  idmachine: (demo) => demo.machine,
  // The demo has no work area yet (its screens say "coming later"): any id opens them.
  idField: () => "6f1c1b1e-2c4d-4e5f-8a9b-0c1d2e3f4a5b",
  partnerName: () => "demo",
  // This demo has no telemetry, so no activity: the page says plainly it is not found (the page
  // with an activity is read in activities.test.ts).
  idActivity: () => "6f1c1b1e-2c4d-4e5f-8a9b-0c1d2e3f4a5c",
}

/** Screens a route opens from its search (a form, a mode) rather than a path of their own. */
const searchScreens: ReadonlyArray<string> = [
  "/ListMachines?add=1",
  "/machines/$idmachine/activities?edit=1",
  "/counterMobile?remove=1",
  "/ActionBooking?booking=$booking",
]

/** Screens whose empty state a person who belongs to no structure yet sees first. */
const newcomerScreens: ReadonlyArray<string> = [
  "/home",
  "/me",
  "/ListMachines",
  "/PlanningMain",
  "/notifications",
]

const unfilled = (path: string) =>
  [...path.matchAll(/\$(\w+)/g)].map(([, name]) => name).filter((name) => !(name in params))

const fill = (path: string, demo: Demo) =>
  path.replace(/\$(\w+)/g, (_, name: string) => params[name]?.(demo) ?? `$${name}`)

let server: RunningServer
let browser: Browser
let demo: Demo

const api = async (token: string, path: string) => {
  const res = await fetch(`${server.url}/api/v2${path}`, { headers: { authorization: `JWT ${token}` } })
  if (!res.ok) throw new Error(`GET ${path} answered ${res.status}`)
  return res.json()
}

/** The demo CUMA, its combine harvester (two boxes in its history) and one of its bookings. */
const readDemo = async (): Promise<Demo> => {
  const login = await fetch(`${server.url}/api/v2/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(demoSignIn),
  })
  const { token } = (await login.json()) as { token: string }
  const clusters = (await api(token, "/clusters")) as Array<{ id: string; type: string }>
  const cluster = clusters.find((c) => c.type === "sharing")?.id
  const machines = (await api(token, "/machines")) as Array<{ id: string; name: string }>
  const machine = machines.find((m) => m.name.startsWith("Moissonneuse"))?.id
  const bookings = (await api(token, `/booking?cluster=${cluster}&all=true`)) as Array<{ id: string }>
  const booking = bookings[0]?.id
  if (!cluster || !machine || !booking) throw new Error("the demo data has no CUMA, combine or booking")
  return { cluster, machine, booking }
}

beforeAll(async () => {
  ;[server, browser] = await Promise.all([startServer(), launchBrowser()])
  demo = await readDemo()
})
afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

it("reads the route tree and has a value for every $param in it", () => {
  expect(routes.length).toBeGreaterThan(40)
  expect(routes.find((r) => r.path === "/signin")).toMatchObject({ guarded: false })
  expect(routes.find((r) => r.path === "/home")).toMatchObject({ guarded: true })
  const missing = [...routes.map((r) => r.path), ...searchScreens].flatMap((path) =>
    unfilled(path).map((name) => `${path}: no value for $${name}`),
  )
  expect(missing).toEqual([])
})

/** The page's API calls in flight (event streams aside), so a screen is read once its data has arrived. */
const apiCalls = (page: Page) => {
  const pending = new Set<Request>()
  const idle: Array<() => void> = []
  const done = (request: Request) => {
    pending.delete(request)
    if (pending.size === 0) for (const resolve of idle.splice(0)) resolve()
  }
  page.on("request", (request) => {
    // A stream of server-sent events (live positions) lasts as long as the page: not a call to wait for.
    if (request.headers().accept === "text/event-stream") return
    if (new URL(request.url()).pathname.startsWith("/api/")) pending.add(request)
  })
  page.on("requestfinished", done)
  page.on("requestfailed", done)
  return {
    idle: () => (pending.size === 0 ? Promise.resolve() : new Promise<void>((resolve) => idle.push(resolve))),
  }
}

/** The screen's own content is there: a first-level heading (or a filled main landmark) and no loader. */
const rendered = () => {
  const visible = (el: Element | null) => el !== null && (el as HTMLElement).offsetParent !== null
  const main = document.querySelector("main")
  const content = visible(document.querySelector("h1")) || (main?.textContent ?? "").trim() !== ""
  return content && document.querySelector(".mantine-Loader-root") === null
}

/**
 * How wide the page is and, when it overflows, where to look: the elements that stick out to the
 * right whose parent does not, and the texts that run out of elements that do not (a long word
 * that cannot break: "Benachrichtigungen").
 */
const sideways = () => {
  const width = window.innerWidth
  const scrollWidth = document.documentElement.scrollWidth
  if (scrollWidth <= width) return { scrollWidth, width, culprits: [] }
  const out = (el: Element) => el.getBoundingClientRect().right > width + 1
  const name = (el: Element) =>
    el.tagName.toLowerCase() +
    (el.id ? `#${el.id}` : "") +
    [...el.classList]
      .filter((c) => !/^m_[0-9a-f]{8}$/.test(c))
      .slice(0, 2)
      .map((c) => `.${c}`)
      .join("")
  const culprits = [...document.body.querySelectorAll("*")]
    .filter((el) => out(el) && (el.parentElement === null || !out(el.parentElement)))
    .map(name)
  const texts = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
  for (let text = texts.nextNode(); text !== null; text = texts.nextNode()) {
    const range = document.createRange()
    range.selectNodeContents(text)
    const parent = text.parentElement
    if (parent !== null && !out(parent) && range.getBoundingClientRect().right > width + 1)
      culprits.push(`"${(text.textContent ?? "").trim().slice(0, 30)}" in ${name(parent)}`)
  }
  return { scrollWidth, width, culprits: culprits.slice(0, 4) }
}

/** An axe target without Mantine's hashed classes (`.m_6d731127`), which say nothing to a reader. */
const selector = (target: ReadonlyArray<unknown>) =>
  target
    .map(String)
    .join(" ")
    .replace(/\.m_[0-9a-f]{8}/g, "")

interface Viewer {
  readonly page: Page
  readonly calls: ReturnType<typeof apiCalls>
}

const viewer = async (context: BrowserContext): Promise<Viewer> => {
  const page = await context.newPage()
  page.setDefaultTimeout(30_000)
  return { page, calls: apiCalls(page) }
}

/** SPEC §9's languages, French first. */
const languages: ReadonlyArray<Locales> = ["fr", "en", "pl", "de"]

/**
 * The language the `index`th screen is read in at each width. Every four screens (one test) see
 * each language once per width; the laptop's language is never the phone's, and which language
 * it pairs with shifts every four screens (fr with en, then pl, then de…).
 */
const phoneLanguage = (index: number): Locales => languages[index % 4] as Locales
const laptopLanguage = (index: number): Locales =>
  languages[(index + 1 + (Math.floor(index / 4) % 3)) % 4] as Locales

const widths = [
  { name: "390 px (phone)", viewport: { width: 390, height: 844 }, language: phoneLanguage },
  { name: "1280 px (laptop)", viewport: { width: 1280, height: 800 }, language: laptopLanguage },
]

/** Routes per test (at each width): on a loaded machine a route takes up to 8 s (load, data, axe), a test stays near 30 s. */
const perTest = 4

type Who = "demo" | "visitor" | "newcomer"
interface Target {
  readonly path: string
  readonly who: Who
  /** A search that opens another screen: its own entry even if the path was seen. */
  readonly search: boolean
}
const targets: ReadonlyArray<Target> = [
  ...routes.map((r) => ({ path: r.path, who: r.guarded ? "demo" : "visitor", search: false }) as const),
  ...searchScreens.map((path) => ({ path, who: "demo", search: true }) as const),
  ...newcomerScreens.map((path) => ({ path, who: "newcomer", search: false }) as const),
]
const label = (target: Target) => (target.who === "newcomer" ? `${target.path} (newcomer)` : target.path)
const batches = Array.from({ length: Math.ceil(targets.length / perTest) }, (_, i) =>
  targets.slice(i * perTest, (i + 1) * perTest).map((target, j) => ({ target, index: i * perTest + j })),
)

it("reads every screen in two languages and each language at a quarter of the screens per width", () => {
  const indexes = targets.map((_, index) => index)
  expect(indexes.filter((index) => phoneLanguage(index) === laptopLanguage(index))).toEqual([])
  for (const { language } of widths)
    for (const locale of languages)
      expect(indexes.filter((index) => language(index) === locale).length).toBeGreaterThanOrEqual(
        Math.floor(targets.length / languages.length),
      )
})

/**
 * One width's sweep: its own browsers (the demo's, a visitor's, a newcomer's) and findings. The
 * two widths run side by side, each opening its screens one after the other: while one waits for
 * its data, the other's page is laid out or checked.
 */
interface Sweep {
  readonly name: string
  readonly viewport: { readonly width: number; readonly height: number }
  readonly language: (index: number) => Locales
  readonly failures: Array<string>
  /** Where a route landed (after its redirects), for whom, in which language, is read once. */
  readonly seen: Set<string>
  readonly contexts: Array<BrowserContext>
  readonly viewers: Map<Who, Viewer>
}
const sweeps: ReadonlyArray<Sweep> = widths.map((width) => ({
  ...width,
  failures: [],
  seen: new Set(),
  contexts: [],
  viewers: new Map(),
}))

/** The axe-core that AxeBuilder injects into the page (a dependency of its own, not of Sillon). */
const axe = createRequire(createRequire(import.meta.url).resolve("@axe-core/playwright"))("axe-core") as {
  readonly _audit: { readonly rules: ReadonlyArray<{ readonly id: string; readonly impact?: string }> }
  readonly getRules: () => ReadonlyArray<unknown>
}
/**
 * The rules whose findings are all minor or moderate: axe gives each finding its rule's impact
 * (none of their checks says otherwise in this axe-core), so these can never fail the sweep and
 * are not run (about a third of axe's rules, among them `region`, which looks at every element).
 */
const lowImpactRules = axe._audit.rules
  .filter((rule) => rule.impact === "minor" || rule.impact === "moderate")
  .map((rule) => rule.id)

it("skips only axe rules that cannot find a serious or critical violation", () => {
  expect(lowImpactRules).toContain("region")
  expect(lowImpactRules).not.toContain("color-contrast")
  expect(lowImpactRules.length).toBeLessThan(axe.getRules().length / 2)
})

const signIn = async ({ page }: Viewer, email: string, password: string) => {
  await page.goto(`${server.url}/signin`)
  await field(page, "Adresse email").fill(email)
  await field(page, "Mot de passe").fill(password)
  await page.getByRole("button", { name: "Se connecter", exact: true }).click()
  await page.waitForURL(/\/home$/)
}

/**
 * Signing in is done in French (the browser's language, nothing chosen yet); each screen is then
 * opened in its own language, chosen on this device beforehand as the language switch does.
 */
const openSweep = async ({ viewport, contexts, viewers }: Sweep) => {
  const open = () => browser.newContext({ locale: "fr-FR", serviceWorkers: "block", viewport })
  contexts.push(await open(), await open(), await open())
  const [demoViewer, visitor, newcomer] = (await Promise.all(contexts.map(viewer))) as [
    Viewer,
    Viewer,
    Viewer,
  ]
  viewers.set("demo", demoViewer).set("visitor", visitor).set("newcomer", newcomer)
  await signIn(demoViewer, demoSignIn.email, demoSignIn.password)
  const person = await seedPerson(server.url, "screens")
  await signIn(newcomer, person.email, person.password)
  await visitor.page.goto(`${server.url}/signin`)
}

/** The language a person chose earlier on this device, read by the app when a page loads. */
const choose = async (page: Page, locale: Locales) => {
  // A page that failed to load is not on Sillon's origin and cannot reach its storage.
  if (new URL(page.url()).origin !== server.url) await page.goto(`${server.url}/favicon.svg`)
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [localeStorageKey, locale])
}

const check = async ({ viewers, failures, seen }: Sweep, target: Target, locale: Locales) => {
  const { page, calls } = viewers.get(target.who) as Viewer
  const url = fill(target.path, demo)
  const name = `${label(target)} in ${locale}`
  await choose(page, locale)
  await page.goto(`${server.url}${url}`)
  try {
    await page.waitForFunction(rendered)
    await calls.idle()
    await page.waitForFunction(rendered)
  } catch {
    failures.push(`${name}: never showed its content (at ${page.url()})`)
    return
  }
  const landed = new URL(page.url())
  if (target.who !== "visitor" && landed.pathname === "/signin") {
    failures.push(`${name}: sent a signed-in person to /signin`)
    return
  }
  const key = `${target.who} ${locale} ${landed.pathname}${landed.search}`
  if (seen.has(key)) return
  seen.add(key)
  const where = target.search || landed.pathname === url ? name : `${name} (→ ${landed.pathname})`
  // The page says which language it is in (screen readers pick their voice from it).
  const lang = await page.evaluate(() => document.documentElement.lang)
  if (lang !== locale) failures.push(`${where}: showed in <html lang="${lang}">`)
  const overflow = await page.evaluate(sideways)
  if (overflow.scrollWidth > overflow.width)
    failures.push(
      `${where}: overflows sideways (${overflow.scrollWidth} px wide in ${overflow.width}): ${overflow.culprits.join(", ")}`,
    )
  // Only violations are read: axe then details one node of what passes, not all of them.
  const { violations } = await new AxeBuilder({ page })
    .disableRules(lowImpactRules)
    .options({ resultTypes: ["violations"] })
    .analyze()
  for (const v of violations.filter((v) => v.impact === "serious" || v.impact === "critical"))
    failures.push(`${where}: ${v.id} (${v.impact}): ${v.nodes.map((n) => selector(n.target)).join(", ")}`)
}

describe("every screen at 390 px (phone) and 1280 px (laptop)", () => {
  beforeAll(() => Promise.all(sweeps.map(openSweep)))
  afterAll(async () => {
    for (const { contexts } of sweeps) for (const context of contexts) await context.close()
  })

  const languagesOf = (index: number) => sweeps.map((sweep) => sweep.language(index)).join("/")
  for (const batch of batches)
    it(`opens ${batch.map(({ target, index }) => `${label(target)} in ${languagesOf(index)}`).join(", ")}`, async () => {
      // Both widths finish before the next test starts, failing or not: their pages are reused.
      const results = await Promise.allSettled(
        sweeps.map(async (sweep) => {
          for (const { target, index } of batch)
            if (unfilled(target.path).length === 0) await check(sweep, target, sweep.language(index))
        }),
      )
      for (const result of results) if (result.status === "rejected") throw result.reason
    })

  it.each(sweeps)(
    "found at $name no serious or critical axe violation and nothing overflowing sideways",
    ({ failures }) => {
      expect(failures.join("\n")).toBe("")
    },
  )
})
