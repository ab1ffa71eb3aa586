import type { Browser } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { launchBrowser } from "./support/browser"
import { type RunningServer, startServer } from "./support/server"

let server: RunningServer
let browser: Browser

beforeAll(async () => {
  ;[server, browser] = await Promise.all([startServer(), launchBrowser()])
})
afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

describe("installable page", () => {
  it("has a manifest with icons, and once the service worker controls the page it opens offline", async () => {
    const manifestHref = await (async () => {
      const res = await fetch(`${server.url}/signin`)
      const html = await res.text()
      return html.match(/<link rel="manifest" href="([^"]+)"/)?.[1]
    })()
    expect(manifestHref).toBeDefined()
    const manifest = (await (await fetch(new URL(manifestHref ?? "", server.url))).json()) as {
      name: string
      icons: ReadonlyArray<{ sizes: string; type: string; src: string }>
      display: string
    }
    expect(manifest.display).toBe("standalone")
    expect(manifest.icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(["192x192", "512x512"]))
    for (const icon of manifest.icons) {
      const res = await fetch(new URL(icon.src, server.url))
      expect(res.headers.get("content-type")).toContain("image/png")
    }

    const context = await browser.newContext({ locale: "fr-FR" })
    const page = await context.newPage()
    page.setDefaultTimeout(20_000)
    await page.goto(`${server.url}/signin`)
    await page.waitForFunction(
      async () => (await navigator.serviceWorker.ready).active?.state === "activated",
    )
    await page.reload()
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null)
    await context.setOffline(true)
    await page.reload()
    await page.getByRole("heading", { name: "Connexion" }).waitFor()
    await context.close()
  })
})

// Accessibility (axe) and sideways overflow of every screen: screens.test.ts.
