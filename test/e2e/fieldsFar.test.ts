import type { Browser, Locator } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { launchBrowser } from "./support/browser"
import { dataWithManyFields } from "./support/manyFields"
import type { Person } from "./support/people"
import { type RunningServer, startServer } from "./support/server"
import { signedInPage } from "./support/session"

/** Beyond 2,000 fields the map shows them far out as points (FieldsMainPage's `manyFields`). */
const count = 2400

let server: RunningServer
let browser: Browser
let person: Person

beforeAll(async () => {
  const [seeded, chromium] = await Promise.all([dataWithManyFields(count), launchBrowser()])
  browser = chromium
  person = seeded.person
  server = await startServer({ SEED_DEMO: "0" }, seeded.dataDir)
})
afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

/** What the map shows (written on its element once it settles). */
const view = async (map: Locator) => ({
  view: await map.getAttribute("data-view"),
  zoom: Number(await map.getAttribute("data-zoom")),
  groups: Number(await map.getAttribute("data-groups")),
  outlines: Number(await map.getAttribute("data-outlines")),
  selected: await map.getAttribute("data-selected-shown"),
})

describe("the fields map far out, with thousands of fields", () => {
  it("shows groups of points far out, closes in on a group tapped, the outlines from zoom 12, the selected field at every zoom", async () => {
    const page = await signedInPage(
      browser,
      server.url,
      { ...person, jwt: "", refreshToken: "" },
      {
        width: 1280,
        height: 900,
      },
    )
    const tiles: Array<string> = []
    page.on("request", (r) => {
      if (new URL(r.url()).pathname.startsWith("/api/v2/fields/tiles/")) tiles.push(r.url())
    })
    await page.goto(`${server.url}/FieldsMain`)
    await page.getByText(/^2\s?400 zones · /).waitFor()
    const map = page.getByRole("region", { name: "Carte des zones de travail" })
    // Far out: every field framed, as groups of points (each saying how many it holds), no outline.
    await expect
      .poll(async () => (await view(map)).groups, { timeout: 60_000, interval: 500 })
      .toBeGreaterThan(0)
    const far = await view(map)
    expect(far.view).toBe("points")
    expect(far.zoom).toBeLessThan(12)
    expect(far.outlines).toBe(0)
    expect(far.selected).toBeNull()
    // The outlines' tiles are not even asked for so far out.
    expect(tiles).toEqual([])
    // A group tapped: the map closes in on it.
    const [x = 0, y = 0, held = 0] = ((await map.getAttribute("data-group")) ?? "").split(" ").map(Number)
    expect(held).toBeGreaterThan(1)
    const box = await map.boundingBox()
    if (box === null) throw new Error("the map has no box")
    await page.mouse.click(box.x + x, box.y + y)
    await expect
      .poll(async () => (await view(map)).zoom, { timeout: 30_000, interval: 300 })
      .toBeGreaterThan(far.zoom + 0.5)
    // A field chosen in the list: the map frames it, its outline drawn (tiles from zoom 12) and marked.
    const row = page.getByRole("listitem").first()
    await row.getByRole("button", { name: "Sur la carte" }).click()
    expect(await row.getAttribute("data-selected")).toBe("true")
    await expect
      .poll(async () => JSON.stringify(await view(map)), { timeout: 60_000, interval: 500 })
      .toContain('"selected":"outline"')
    const near = await view(map)
    expect(near.view).toBe("outlines")
    expect(near.zoom).toBeGreaterThanOrEqual(12)
    expect(near.outlines).toBeGreaterThan(0)
    expect(tiles.length).toBeGreaterThan(0)
    // Zoomed out again: the chosen field stays in sight, its own point apart from the groups.
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2)
    await expect
      .poll(
        async () => {
          const now = await view(map)
          if (now.view === "points" && now.zoom < 11) return now.selected
          await page.mouse.wheel(0, 400)
          return `zoom ${now.zoom}`
        },
        { timeout: 60_000, interval: 1000 },
      )
      .toBe("point")
    expect((await view(map)).groups).toBeGreaterThan(0)
    await page.context().close()
  })
})
