import { describe, expect, it } from "vitest"
import { demoPage, seriousViolations } from "./support/demo"
import { callApi, demoTractorBox } from "./support/session"
import { serverAndBrowser } from "./support/suite"

/**
 * Access tokens of 20 s: the live stream closes when the page's token expires, and the page
 * refreshes it and connects again by itself; a fix sent after that still moves the marker.
 */
const tokenSeconds = 20
/**
 * Two days of demo telemetry: "the last day" is today until now, and before the working day starts
 * (before about 7:00 in Paris) today has no fix yet, so no machine would have a position.
 */
const suite = serverAndBrowser({ DEMO_TELEMETRY_DAYS: "2", ACCESS_TOKEN_TTL: String(tokenSeconds) })
const box = "SIL-0001"

describe("Trouver mes machines", () => {
  it("shows the demo machines where they are, and moves the tractor as its box sends fixes, without reload", async () => {
    const { server } = suite
    // The tractor's box gets a new secret from the administrator, to upload as the box.
    const { demo, machines, tractor, secret } = await demoTractorBox(server.url, box)
    // Where the tractor is now: the fixes sent move it a few tens of metres, within the map's view.
    const last = (await callApi(server.url, demo, "GET", "/machinesGeolocation/last")).body as Array<{
      machine: { id: string }
      position: { lng: number; lat: number } | null
    }>
    const start = last.find((m) => m.machine.id === tractor.id)?.position ?? { lng: 1.49, lat: 48.45 }
    const near = (metres: number) => ({
      lng: Math.round((start.lng + metres / 74_000) * 1e6) / 1e6,
      lat: Math.round((start.lat + metres / 111_000) * 1e6) / 1e6,
    })
    const send = async ({ lng, lat }: { lng: number; lat: number }) => {
      const res = await fetch(`${server.url}/api/v2/boxes/${box}/fixes`, {
        method: "POST",
        headers: { authorization: `Bearer ${secret}`, "content-type": "application/json" },
        body: JSON.stringify({
          fixes: [{ t: new Date(Date.now() - 1000).toISOString(), lng, lat, spd: 9.5 }],
        }),
      })
      expect(res.status).toBe(200)
    }

    // From the menu.
    const page = await demoPage(suite, { width: 1280, height: 900 })
    const signedInAt = Date.now()
    await page.getByRole("link", { name: "Trouver mes machines" }).first().click()
    await page.waitForURL(/\/GeolocShortcut$/)
    await page.getByRole("heading", { level: 1, name: "Trouver mes machines" }).waitFor()
    const list = page.getByRole("list", { name: "Machines" })
    for (const m of machines) await list.getByRole("listitem").filter({ hasText: m.name }).waitFor()
    const status = page.getByRole("status")
    await page.locator('[data-live="open"]').waitFor()
    expect(await status.textContent()).toBe("Positions en direct")
    const marker = page.locator(`.sillon-machine-marker[data-machine="${tractor.id}"]`)
    await marker.waitFor()
    expect(await seriousViolations(page)).toEqual([])

    // The tractor's box sends a fix: its marker and its entry move, the page never reloads.
    await page.evaluate(() => {
      ;(window as unknown as { stayed: boolean }).stayed = true
    })
    const first = near(40)
    await send(first)
    await expect.poll(() => marker.getAttribute("data-lng"), { timeout: 30_000 }).toBe(String(first.lng))
    expect(await marker.getAttribute("data-lat")).toBe(String(first.lat))
    expect(await marker.getAttribute("data-moving")).toBe("true")
    const entry = list.getByRole("listitem").filter({ hasText: tractor.name })
    expect(await entry.locator("[data-position]").getAttribute("data-position")).toBe(
      `${first.lng},${first.lat}`,
    )
    expect(await entry.textContent()).toContain("En mouvement")

    // Past the page's token: the stream closed, the page refreshed the token and connected again.
    await page.waitForTimeout(Math.max(0, signedInAt + (tokenSeconds + 2) * 1000 - Date.now()))
    await page.locator('[data-live="open"]').waitFor()
    const second = near(80)
    await send(second)
    await expect.poll(() => marker.getAttribute("data-lng"), { timeout: 30_000 }).toBe(String(second.lng))
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true)

    // A click on the marker opens the machine.
    await marker.click()
    await page.waitForURL(new RegExp(`/machines/${tractor.id}`))
    await page.context().close()
  })
})
