import { describe, expect, it } from "vitest"
import { seedPerson } from "./support/people"
import { callApi, signedInPage } from "./support/session"
import { serverAndBrowser } from "./support/suite"

// Access tokens live 6 seconds here, so the map outlives its token within the test.
const suite = serverAndBrowser({ SEED_DEMO: "0", ACCESS_TOKEN_TTL: "6" })

const aField = async (person: { jwt: string }, name: string, dx: number) => {
  const [w, s] = [1.2405 + dx, 48.3027]
  const ring = [
    [w, s],
    [w + 0.002, s],
    [w + 0.002, s + 0.0012],
    [w, s + 0.0012],
    [w, s],
  ]
  const saved = await callApi(suite.server.url, person, "PUT", `/fields/${crypto.randomUUID()}`, {
    name,
    geometry: { type: "Polygon", coordinates: [ring] },
  })
  expect(saved.status).toBe(200)
}

describe("the fields map over time", () => {
  it("keeps drawing the fields after the access token expired while the map stayed open", async () => {
    const farmer = await seedPerson(suite.server.url, "tiles")
    await aField(farmer, "Le Grand Pré", 0)
    await aField(farmer, "Le Petit Pré", 0.004)
    const page = await signedInPage(suite.browser, suite.server.url, farmer, { width: 1280, height: 900 })
    // Each tile request numbered as it leaves, each answer with its request's number.
    const isTile = (url: string) => new URL(url).pathname.startsWith("/api/v2/fields/tiles/")
    const sent = new Map<object, number>()
    const tiles: Array<{ n: number; status: number }> = []
    page.on("request", (r) => {
      if (isTile(r.url())) sent.set(r, sent.size)
    })
    // How many tile requests had left when the first refusal came back.
    let refusedAfter: number | undefined
    page.on("response", (r) => {
      if (!isTile(r.url())) return
      tiles.push({ n: sent.get(r.request()) ?? -1, status: r.status() })
      if (r.status() === 401) refusedAfter ??= sent.size
    })
    const answered = (status: number) => tiles.some((t) => t.status === status)
    await page.goto(`${suite.server.url}/FieldsMain`)
    await page.getByText(/^2 zones · /).waitFor()
    await expect.poll(() => answered(200), { timeout: 30_000 }).toBe(true)
    // Zoom out step by step: each step asks for new tiles, until one is refused for the aged token.
    const map = page.getByRole("region", { name: "Carte des zones de travail" })
    const box = await map.boundingBox()
    if (box === null) throw new Error("the map has no box")
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2)
    await expect
      .poll(
        async () => {
          if (answered(401)) return true
          await page.mouse.wheel(0, 400)
          return false
        },
        { timeout: 60_000, interval: 700 },
      )
      .toBe(true)
    // The map now stands still. The token is renewed and the refused tiles asked for again, by
    // requests made after the refusal came back: given, and the person stays on the page.
    const after = refusedAfter ?? Number.POSITIVE_INFINITY
    await expect
      .poll(() => tiles.some((t) => t.n >= after && t.status === 200), { timeout: 30_000 })
      .toBe(true)
    expect(new URL(page.url()).pathname).toBe("/FieldsMain")
    await page.getByText(/^2 zones · /).waitFor()
    await page.context().close()
  })
})
