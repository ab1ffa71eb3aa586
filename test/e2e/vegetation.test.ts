import type { Browser } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { demoSignIn } from "../../server/seed/demo"
import {
  type SentinelHubStandIn,
  standInClient,
  startSentinelHubStandIn,
} from "../../server/test/sentinelHub"
import { launchBrowser } from "./support/browser"
import { type RunningServer, startServer } from "./support/server"
import { callApi, signedInPage } from "./support/session"

/**
 * The vegetation index against a stand-in of the Copernicus Data Space Ecosystem's Sentinel Hub
 * Statistical API (made-up figures, never a satellite's): the server is started with its URLs and
 * credentials, as an operator would with CDSE's.
 */
describe("vegetation index in Chromium", () => {
  let standIn: SentinelHubStandIn
  let server: RunningServer
  let browser: Browser
  beforeAll(async () => {
    standIn = await startSentinelHubStandIn()
    ;[server, browser] = await Promise.all([
      startServer({
        NDVI_API_URL: standIn.url,
        NDVI_TOKEN_URL: standIn.tokenUrl,
        NDVI_CLIENT_ID: standInClient.id,
        NDVI_CLIENT_SECRET: standInClient.secret,
      }),
      launchBrowser(),
    ])
  })
  afterAll(async () => {
    await browser?.close()
    await server?.stop()
    await standIn?.close()
  })

  it("picks a field and a season: the server fetches it once, the curve shows its clear intervals and gaps, the map its colour", async () => {
    const demo = { ...demoSignIn, jwt: "", refreshToken: "", firstname: "", lastname: "" }
    const page = await signedInPage(browser, server.url, demo, { width: 1280, height: 900 })
    // The map draws the fields from the server's tiles (asked for by their real z/x/y).
    const tile = page.waitForResponse((r) => /\/api\/v2\/fields\/tiles\/\d+\/\d+\/\d+/.test(r.url()))
    await page.goto(`${server.url}/FieldsVegetationIndex`)
    await page.getByRole("heading", { name: "Indice de végétation" }).waitFor()
    const map = page.getByRole("region", { name: "Carte des zones de travail" })
    await map.waitFor()
    expect((await tile).status()).toBe(200)
    await page.getByRole("group", { name: "NDVI le plus récent" }).getByText("Pas encore de valeur").waitFor()
    await page.getByRole("combobox", { name: "Saison" }).selectOption("2025")
    await page.getByRole("combobox", { name: "Zone de travail" }).click()
    await page.getByRole("listbox").getByRole("option", { name: "La Butte aux Vents" }).click()

    // Fetched in the background, then drawn: 73 intervals in 2025, 18 without an image (absent),
    // 13 too cloudy (gaps): 42 points, none made up.
    await page.getByRole("heading", { name: "NDVI de La Butte aux Vents en 2025" }).waitFor()
    await page.getByText("42 mesures · 13 périodes trop nuageuses (trous dans la courbe)").waitFor()
    await page.getByText(/^Dernière valeur : 0,\d\d le 31 décembre 2025$/).waitFor()
    await expect.poll(() => page.locator(".recharts-line-dot").count()).toBe(42)
    expect(standIn.requests).toHaveLength(1)
    expect(standIn.tokens()).toBe(1)
    expect(standIn.requests[0]?.aggregation?.timeRange).toEqual({
      from: "2025-01-01T00:00:00Z",
      to: "2026-01-01T00:00:00Z",
    })

    // The map's colours come from the same values: the field has its latest one.
    const jwt = await page.evaluate(() => localStorage.getItem("jwt"))
    const latest = await callApi(server.url, { jwt: jwt ?? "" }, "GET", "/vegetation?year=2025")
    expect(latest.body).toEqual([expect.objectContaining({ day: "2025-12-31" })])

    // Stored: coming back asks the provider nothing.
    await page.reload()
    await page.getByRole("combobox", { name: "Saison" }).selectOption("2025")
    await page.getByRole("combobox", { name: "Zone de travail" }).click()
    await page.getByRole("listbox").getByRole("option", { name: "La Butte aux Vents" }).click()
    await page.getByText("42 mesures · 13 périodes trop nuageuses (trous dans la courbe)").waitFor()
    expect(standIn.requests).toHaveLength(1)
    await page.context().close()
  })
})
