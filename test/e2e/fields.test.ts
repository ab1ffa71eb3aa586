import { describe, expect, it } from "vitest"
import { parcelPath } from "../../server/test/parcels"
import { seedPerson } from "./support/people"
import { callApi, signedInPage } from "./support/session"
import { serverAndBrowser } from "./support/suite"

/** The real files from the field, read in place. */
const parcels = parcelPath

const suite = serverAndBrowser({ SEED_DEMO: "0" })

describe("work areas in Chromium", () => {
  it("imports the Telepac shapefile: preview, untick one, confirm, and finds them on the map and in the list", async () => {
    const farmer = await seedPerson(suite.server.url, "parcelles")
    const page = await signedInPage(suite.browser, suite.server.url, farmer, { width: 1280, height: 900 })
    await page.getByRole("link", { name: "Zones de travail" }).first().click()
    await page.getByText("Aucune zone de travail pour l'instant").waitFor()
    await page.getByRole("link", { name: "Ajouter ou importer des zones" }).click()
    await page.getByRole("heading", { name: "Ajouter des zones de travail" }).waitFor()
    await page.locator("input[type=file]").setInputFiles(parcels("telepac-parcelles.zip"))
    await page.getByRole("heading", { name: "Aperçu : 45 surfaces dans telepac-parcelles.zip" }).waitFor()
    // Nothing is saved before the person confirms.
    expect((await callApi(suite.server.url, farmer, "GET", "/fields")).body).toEqual([])
    const rows = page.getByRole("row")
    expect(await rows.count()).toBe(46)
    const firstName = (await rows.nth(1).getByRole("cell").nth(1).textContent()) ?? ""
    await page.getByRole("checkbox", { name: `Importer ${firstName}`, exact: true }).uncheck()
    await page.getByRole("button", { name: "Importer 44 zones" }).click()
    await page.getByText("44 zone(s) créée(s), 0 mise(s) à jour, 0 inchangée(s).").waitFor()
    // The map's tiles, answered with the fields in them (each request carries the person's token).
    const tiles: Array<number> = []
    // A tile the map let go of (it moved on) may have no body left to read: that one is not counted.
    page.on("response", (r) => {
      if (r.url().includes("/api/v2/fields/tiles/") && r.ok())
        r.body().then(
          (body) => tiles.push(body.length),
          () => undefined,
        )
    })
    await page.getByRole("link", { name: "Voir les zones de travail" }).click()
    await page.getByText(/^44 zones · [\d  ]+,\d\d ha$/).waitFor()
    // Only the rows in view are in the page; each says how many the list holds.
    expect(await page.getByRole("listitem").first().getAttribute("aria-setsize")).toBe("44")
    await expect.poll(() => page.getByRole("link", { name: firstName, exact: true }).count()).toBe(0)
    // The map draws them, over the bundled basemap since these machines reach no tile server.
    const map = page.getByRole("region", { name: "Carte des zones de travail" })
    await page.getByText("Fond IGN injoignable : carte simplifiée.").waitFor()
    expect(await map.getAttribute("data-basemap")).toBe("bundled")
    expect(await map.locator("canvas").count()).toBe(1)
    await expect.poll(() => tiles.some((bytes) => bytes > 0), { timeout: 30_000 }).toBe(true)
    // Search narrows the list and the total.
    const saved = (await callApi(suite.server.url, farmer, "GET", "/fields")).body as Array<{ name: string }>
    const names = saved.map((f) => f.name)
    const matching = names.filter((n) => n.includes("3.")).length
    expect(matching).toBeGreaterThan(0)
    await page.getByLabel("Rechercher une zone").fill("3.")
    await page.getByText(new RegExp(`^${matching} zones? · `)).waitFor()
    expect(await page.getByRole("listitem").first().getAttribute("aria-setsize")).toBe(String(matching))
    // One field alone: the map frames it; tapping it there highlights its row.
    const alone = names.find((n) => names.filter((m) => m.includes(n)).length === 1) ?? ""
    await page.getByLabel("Rechercher une zone").fill(alone)
    await page.getByText(/^1 zone · /).waitFor()
    const row = page.getByRole("listitem").first()
    expect(await row.getAttribute("data-selected")).toBeNull()
    await expect
      .poll(
        async () => {
          await map.click()
          return row.getAttribute("data-selected")
        },
        { timeout: 30_000, interval: 500 },
      )
      .toBe("true")
    await page.getByLabel("Rechercher une zone").fill("3.")
    await page.getByText(new RegExp(`^${matching} zones? · `)).waitFor()
    // A field's page: its area and its PAC identity.
    const first = page.getByRole("listitem").first()
    const area = (await first.getByText(/ ha$/).textContent()) ?? ""
    await first.getByRole("link").click()
    await page.getByRole("heading", { name: "Zone de travail" }).waitFor()
    await page.getByText(area, { exact: true }).waitFor()
    await page.getByText(/^Îlot \d+, parcelle \d+ · PACAGE \d+ · campagne 2024$/).waitFor()
    // Its Activités tab: no machine has worked a field just imported.
    await page.getByText("Aucune activité vue sur cette parcelle pendant cette période.").waitFor()
    await page.context().close()
  })

  it("shows the fields again from the browser's copy on a return visit, and a change made meanwhile", async () => {
    const farmer = await seedPerson(suite.server.url, "retour")
    const square = (lng: number) => [
      [lng, 48.3],
      [lng + 0.004, 48.3],
      [lng + 0.004, 48.303],
      [lng, 48.303],
      [lng, 48.3],
    ]
    const id = crypto.randomUUID()
    const put = (name: string) =>
      callApi(suite.server.url, farmer, "PUT", `/fields/${id}`, {
        name,
        geometry: { type: "Polygon", coordinates: [square(1.24)] },
      })
    expect((await put("Le Clos")).status).toBe(200)
    const page = await signedInPage(suite.browser, suite.server.url, farmer, { width: 1280, height: 900 })
    const answers: Array<number> = []
    page.on("response", (r) => {
      if (r.url().endsWith("/api/v2/fields/index")) answers.push(r.status())
    })
    await page.goto(`${suite.server.url}/FieldsMain`)
    await page.getByRole("link", { name: "Le Clos", exact: true }).waitFor()
    // Nothing changed: the server only confirms the browser's copy, which shows the same list.
    await page.reload()
    await page.getByRole("link", { name: "Le Clos", exact: true }).waitFor()
    await expect.poll(() => answers).toEqual([200, 304])
    // Renamed meanwhile (another device): the next visit shows the new name, never the old copy.
    expect((await put("Le Clos Neuf")).status).toBe(200)
    await page.reload()
    await page.getByRole("link", { name: "Le Clos Neuf", exact: true }).waitFor()
    expect(await page.getByRole("link", { name: "Le Clos", exact: true }).count()).toBe(0)
    expect(answers).toEqual([200, 304, 200])
    // Signed out: the copy goes with the session.
    expect(await page.evaluate(() => caches.has("sillon-fields-index"))).toBe(true)
    await page.getByRole("button", { name: "Menu du compte" }).click()
    await page.getByRole("menuitem", { name: "Se déconnecter" }).click()
    await page.waitForURL((url) => url.pathname === "/signin")
    await expect.poll(() => page.evaluate(() => caches.has("sillon-fields-index"))).toBe(false)
    await page.context().close()
  })

  it("refuses a file that is no Telepac export, in words, and saves nothing", async () => {
    const farmer = await seedPerson(suite.server.url, "refus")
    const page = await signedInPage(suite.browser, suite.server.url, farmer)
    await page.goto(`${suite.server.url}/FieldsAdd`)
    await page.locator("input[type=file]").setInputFiles(parcels("negative/geofolia-parcelles.zip"))
    await page
      .getByRole("alert")
      .filter({ hasText: "Ce fichier n'est pas un export Telepac « parcelles »" })
      .waitFor()
    // Sent as another kind of file, it is still not a format read.
    await page.getByLabel("Autre fichier (KML, KMZ, GeoJSON, shapefile zippé, GeoPackage)").check()
    await page.locator("input[type=file]").setInputFiles(parcels("negative/anygeo-test.xlsx"))
    await page.getByRole("alert").filter({ hasText: "Ce fichier n'est pas dans un format reconnu" }).waitFor()
    expect((await callApi(suite.server.url, farmer, "GET", "/fields")).body).toEqual([])
    await page.context().close()
  })

  it("draws a field with a hole: the saved field keeps it, and its area is the outline's less the hole's", async () => {
    const farmer = await seedPerson(suite.server.url, "dessin")
    const page = await signedInPage(suite.browser, suite.server.url, farmer, { width: 1280, height: 900 })
    await page.goto(`${suite.server.url}/FieldsAdd`)
    await page.getByRole("tab", { name: "Dessiner une zone" }).click()
    const map = page.getByRole("region", { name: "Carte de dessin de la zone" })
    await page.locator("[data-ready]").waitFor()
    const box = await map.boundingBox()
    if (!box) throw new Error("no map")
    const tap = async (fx: number, fy: number) => {
      await page.mouse.click(box.x + box.width * fx, box.y + box.height * fy)
      await page.waitForTimeout(150)
    }
    const ring = async (from: number, to: number) => {
      for (const [fx, fy] of [
        [from, from],
        [to, from],
        [to, to],
        [from, to],
        [from, from],
      ] as const)
        await tap(fx, fy)
    }
    const shown = async () => {
      const text = (await page.getByText(/^Surface : .+ ha$/).textContent()) ?? ""
      return Number(text.replace(/[^\d,]/g, "").replace(",", "."))
    }
    await ring(0.2, 0.8)
    await page.getByText(/^Surface : .+ ha$/).waitFor()
    const outline = await shown()
    await page.getByRole("button", { name: "Tracer un trou" }).click()
    await ring(0.4, 0.6)
    await expect.poll(shown).toBeLessThan(outline)
    // The hole is a third of the outline's width each way: a ninth of its area.
    expect((await shown()) / outline).toBeCloseTo(8 / 9, 1)
    await page.getByLabel("Nom de la zone").fill("Le Verger")
    await page.getByRole("button", { name: "Enregistrer la zone" }).click()
    await page.getByText(/^Zone « Le Verger » enregistrée : .+ ha\.$/).waitFor()
    const [saved] = (await callApi(suite.server.url, farmer, "GET", "/fields")).body
    expect(saved.name).toBe("Le Verger")
    expect(saved.geometry.coordinates).toHaveLength(2)
    expect(saved.areaHa / outline).toBeCloseTo(8 / 9, 1)
    // Its page, then deleted after a confirmation.
    await page.getByRole("link", { name: "Ouvrir la zone" }).click()
    await page.getByText("Le Verger", { exact: true }).waitFor()
    await page.getByRole("button", { name: "Supprimer la zone" }).click()
    await page
      .getByRole("dialog", { name: "Supprimer « Le Verger » ?" })
      .getByRole("button", { name: "Supprimer la zone" })
      .click()
    await page.getByText("La zone de travail a été supprimée.").waitFor()
    expect((await callApi(suite.server.url, farmer, "GET", "/fields")).body).toEqual([])
    await page.context().close()
  })

  it("shows IGN's aerial photos when the tiles can be reached, and switches to Plan IGN", async () => {
    const farmer = await seedPerson(suite.server.url, "ign")
    const square = [
      [1.24, 48.3],
      [1.245, 48.3],
      [1.245, 48.303],
      [1.24, 48.303],
      [1.24, 48.3],
    ]
    const put = await callApi(suite.server.url, farmer, "PUT", `/fields/${crypto.randomUUID()}`, {
      name: "Le Grand Pré",
      geometry: { type: "Polygon", coordinates: [square] },
    })
    expect(put.status).toBe(200)
    const page = await signedInPage(suite.browser, suite.server.url, farmer, { width: 1280, height: 900 })
    // A stand-in for IGN's tile server: any tile is a small green image.
    const asked: Array<string> = []
    const tile = Buffer.from(
      "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
      "base64",
    )
    await page.context().route("https://data.geopf.fr/**", (route) => {
      asked.push(route.request().url())
      return route.fulfill({ status: 200, contentType: "image/png", body: tile })
    })
    await page.goto(`${suite.server.url}/FieldsMain`)
    const map = page.getByRole("region", { name: "Carte des zones de travail" })
    // The map starts once the list has arrived: on a loaded machine, seconds.
    await expect
      .poll(() => asked.some((url) => url.includes("LAYER=ORTHOIMAGERY.ORTHOPHOTOS")), { timeout: 30_000 })
      .toBe(true)
    expect(await map.getAttribute("data-basemap")).toBe("ign")
    expect(await page.getByText("Fond IGN injoignable : carte simplifiée.").count()).toBe(0)
    await page.getByText("© IGN – Géoplateforme").first().waitFor({ state: "attached" })
    await page.getByText("Plan IGN", { exact: true }).click()
    await expect
      .poll(() => asked.some((url) => url.includes("LAYER=GEOGRAPHICALGRIDSYSTEMS.PLANIGNV2")), {
        timeout: 30_000,
      })
      .toBe(true)
    await page.context().close()
  })
})
