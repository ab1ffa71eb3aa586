// Size: one sweep over the route tree (its routes, their parameters, settling, axe, overflow) reads best whole.
import { existsSync, readFileSync } from "node:fs"
import AxeBuilder from "@axe-core/playwright"
import type { Browser, BrowserContext, Page, Request } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { demoSignIn } from "../../server/seed/demo"
import { launchBrowser } from "./support/browser"
import { field, seedPerson } from "./support/people"
import { type RunningServer, startServer } from "./support/server"

/**
 * Every screen, at a phone's width and a laptop's: axe finds no serious or critical violation and
 * nothing overflows sideways. The routes come from the generated route tree, so a new route is
 * checked without touching this file — unless it has a `$param` this file has no value for, which
 * fails the first test below.
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

/** The page's API calls in flight, so a screen is read once its data has arrived. */
const apiCalls = (page: Page) => {
  const pending = new Set<Request>()
  const idle: Array<() => void> = []
  const done = (request: Request) => {
    pending.delete(request)
    if (pending.size === 0) for (const resolve of idle.splice(0)) resolve()
  }
  page.on("request", (request) => {
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

/** The elements that stick out to the right whose parent does not: where to look. */
const sideways = () => {
  const width = window.innerWidth
  const out = (el: Element) => el.getBoundingClientRect().right > width + 1
  const name = (el: Element) =>
    el.tagName.toLowerCase() +
    (el.id ? `#${el.id}` : "") +
    [...el.classList]
      .filter((c) => !/^m_[0-9a-f]{8}$/.test(c))
      .slice(0, 2)
      .map((c) => `.${c}`)
      .join("")
  const culprits = [...document.body.querySelectorAll("*")].filter(
    (el) => out(el) && (el.parentElement === null || !out(el.parentElement)),
  )
  return {
    scrollWidth: document.documentElement.scrollWidth,
    width,
    culprits: culprits.slice(0, 4).map(name),
  }
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

const widths = [
  { name: "390 px (phone)", viewport: { width: 390, height: 844 } },
  { name: "1280 px (laptop)", viewport: { width: 1280, height: 800 } },
]

/** Routes per test: on a loaded machine a route takes up to 8 s (load, data, axe), a test stays near 30 s. */
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
  targets.slice(i * perTest, (i + 1) * perTest),
)

describe.each(widths)("every screen at $name", ({ viewport }) => {
  const failures: Array<string> = []
  /** Where a route landed (after its redirects), for whom, is read once. */
  const seen = new Set<string>()
  let contexts: Array<BrowserContext> = []
  const viewers = new Map<Who, Viewer>()

  const signIn = async ({ page }: Viewer, email: string, password: string) => {
    await page.goto(`${server.url}/signin`)
    await field(page, "Adresse email").fill(email)
    await field(page, "Mot de passe").fill(password)
    await page.getByRole("button", { name: "Se connecter", exact: true }).click()
    await page.waitForURL(/\/home$/)
  }

  beforeAll(async () => {
    const open = () => browser.newContext({ locale: "fr-FR", serviceWorkers: "block", viewport })
    contexts = [await open(), await open(), await open()]
    const [demoViewer, visitor, newcomer] = await Promise.all(contexts.map(viewer))
    viewers.set("demo", demoViewer).set("visitor", visitor).set("newcomer", newcomer)
    await signIn(demoViewer, demoSignIn.email, demoSignIn.password)
    const person = await seedPerson(server.url, "screens")
    await signIn(newcomer, person.email, person.password)
  })
  afterAll(async () => {
    for (const context of contexts) await context.close()
  })

  const check = async (target: Target) => {
    const { page, calls } = viewers.get(target.who) as Viewer
    const url = fill(target.path, demo)
    const name = label(target)
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
    const key = `${target.who} ${landed.pathname}${landed.search}`
    if (seen.has(key)) return
    seen.add(key)
    const where = target.search || landed.pathname === url ? name : `${name} (→ ${landed.pathname})`
    const overflow = await page.evaluate(sideways)
    if (overflow.scrollWidth > overflow.width)
      failures.push(
        `${where}: overflows sideways (${overflow.scrollWidth} px wide in ${overflow.width}): ${overflow.culprits.join(", ")}`,
      )
    // Only violations are read: axe then details one node of what passes, not all of them.
    const { violations } = await new AxeBuilder({ page }).options({ resultTypes: ["violations"] }).analyze()
    for (const v of violations.filter((v) => v.impact === "serious" || v.impact === "critical"))
      failures.push(`${where}: ${v.id} (${v.impact}): ${v.nodes.map((n) => selector(n.target)).join(", ")}`)
  }

  for (const batch of batches)
    it(`opens ${batch.map(label).join(", ")}`, async () => {
      for (const target of batch) if (unfilled(target.path).length === 0) await check(target)
    })

  it("found no serious or critical axe violation and nothing overflowing sideways", () => {
    expect(failures.join("\n")).toBe("")
  })
})
