// Size: work orders printed as PDF from a machine's activities, read back with Poppler, on PGlite and PostgreSQL.
import { execFileSync } from "node:child_process"
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { fieldAt, storeActivity } from "../activities/fixture"
import { backends, signup, startTestApp, type TestApp } from "../test/app"
import { addMachine, addMember, createCluster } from "../test/clusters"
import { workOrderNumber } from "./document"

type Person = Awaited<ReturnType<typeof signup>>
const dir = mkdtempSync(join(tmpdir(), "sillon-work-order-"))

/** The PDF's text as Poppler reads it (layout kept), and its fonts as `pdffonts` lists them. */
const read = (bytes: Uint8Array, name: string) => {
  const file = join(dir, `${name}.pdf`)
  writeFileSync(file, bytes)
  return {
    file,
    text: execFileSync("pdftotext", ["-layout", file, "-"]).toString(),
    fonts: execFileSync("pdffonts", [file]).toString(),
  }
}

describe.each(backends)(
  "work orders, on %s",
  (backend) => {
    let app: TestApp
    let owner: Person
    let blind: Person
    let stranger: Person
    let tractor: string
    let other: string
    const ids: Array<string> = []
    let elsewhere: string
    const field = fieldAt(0, "Łąka Żółta — Großer Schlag")

    const order = (who: Person | undefined, machine: string, body: unknown) =>
      app.call("POST", `/api/v2/machines/${machine}/work_order`, { body, headers: who?.auth ?? {} })

    beforeAll(async () => {
      app = await startTestApp(backend)
      owner = await signup(app, { firstname: "Zofia", lastname: "Wójcik" })
      blind = await signup(app, { firstname: "Bruno", lastname: "Aveugle" })
      stranger = await signup(app, { firstname: "Sam", lastname: "Stranger" })
      const cuma = await createCluster(app, owner, { name: "Spółdzielnia Kółko Rolnicze" })
      await addMember(app, cuma, blind.id, [])
      tractor = await addMachine(app, cuma, "Ciągnik Ursus")
      other = await addMachine(app, cuma, "Przyczepa")
      await app.sql(
        (sql) => sql`INSERT INTO fields (id, owner_id, owned_since, name, geom, area_ha, source)
        SELECT ${field.id}, ${owner.id}, DATE '2024-01-01', ${field.name}, g, field_area_ha(g), 'drawn'
        FROM (SELECT ST_Multi(ST_GeomFromGeoJSON(${JSON.stringify(field.geometry)})) AS g) x`,
      )
      ids.push(
        await storeActivity(app, tractor, {
          hoursAgo: 0,
          at: "2026-11-23T07:00:00Z",
          member: owner.id,
          areaHa: 4.25,
          fuelL: 31.5,
          fields: [{ id: field.id, workS: 2400, areaHa: 4.25 }],
        }),
        await storeActivity(app, tractor, {
          hoursAgo: 0,
          at: "2026-11-24T13:30:00Z",
          areaHa: null,
          fuelL: null,
        }),
      )
      elsewhere = await storeActivity(app, other, { hoursAgo: 0, at: "2026-11-24T08:00:00Z", areaHa: 1 })
    })
    afterAll(() => app?.close())

    it("prints the chosen activities in Polish with their fields, people, figures and totals, fonts embedded", async () => {
      const res = await order(owner, tractor, {
        activities: [ids[1], ids[0]],
        lang: "pl",
        tz: "Europe/Warsaw",
        note: "Zażółć gęślą jaźń.",
      })
      expect(res.status).toBe(200)
      expect(res.headers.get("content-type")).toBe("application/pdf")
      const bytes = new Uint8Array(await res.arrayBuffer())
      expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe("%PDF-")
      const { text, fonts, file } = read(bytes, "pl")
      expect(text).toContain("Zlecenie pracy")
      expect(text).toContain(
        `Nr ${workOrderNumber(ids, new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Warsaw" }).format(new Date()))}`,
      )
      expect(text).toContain("Ciągnik Ursus")
      expect(text).toContain("Spółdzielnia Kółko Rolnicze")
      expect(text).toContain("Łąka Żółta — Großer Schlag")
      expect(text).toContain("Zofia Wójcik")
      expect(text).toContain("Zażółć gęślą jaźń.")
      expect(text).toContain("Podpis kierowcy")
      expect(text).toContain("Strona 1 / 1")
      // Oldest first, whatever the order asked; times in Warsaw (08:00 there is 07:00 UTC).
      expect(text.indexOf("23.11.2026")).toBeLessThan(text.indexOf("24.11.2026"))
      expect(text).toMatch(/08:00\s+–\s+09:00/)
      // 2 × 40 min of field work = 1,33 h; 4,25 ha; 2 × 10 km; 31,5 L: the lines and their sum.
      expect(text).toMatch(/Razem\s+1,33\s+4,25\s+20,0\s+31,5/)
      // Every font the text uses is embedded (a subset of DejaVu Sans), none left to the reader.
      const rows = fonts.trim().split("\n").slice(2)
      expect(rows.length).toBeGreaterThan(0)
      for (const row of rows) expect(row).toMatch(/DejaVuSans.*\byes\s+yes\s+yes\b/)
      // It renders: pdftoppm draws the page, and ink is on it.
      execFileSync("pdftoppm", ["-png", "-r", "40", "-singlefile", file, join(dir, "pl")])
      const png = readFileSync(join(dir, "pl.png"))
      expect(png.subarray(1, 4).toString()).toBe("PNG")
      expect(png.length).toBeGreaterThan(5_000)
    })

    it("writes German and French as asked, with the same numbers", async () => {
      const de = read(
        new Uint8Array(await (await order(owner, tractor, { activities: ids, lang: "de" })).arrayBuffer()),
        "de",
      )
      expect(de.text).toContain("Arbeitsauftrag")
      expect(de.text).toContain("Unterschrift des Fahrers")
      expect(de.text).toMatch(/Summe\s+1,33\s+4,25\s+20,0\s+31,5/)
      const fr = read(
        new Uint8Array(await (await order(owner, tractor, { activities: ids })).arrayBuffer()),
        "fr",
      )
      expect(fr.text).toContain("Bon de travail")
      expect(fr.text).toContain("Signature du client")
      expect(fr.text).not.toContain("Observations")
    })

    it("refuses an activity of another machine, none, or too many, with their message, and prints nothing", async () => {
      const mixed = await order(owner, tractor, { activities: [ids[0], elsewhere] })
      expect(mixed.status).toBe(422)
      expect(await mixed.json()).toMatchObject({ code: "selectionUnknown" })
      const none = await order(owner, tractor, { activities: [] })
      expect(none.status).toBe(400)
      expect(await none.json()).toMatchObject({ code: "noActivityChosen" })
      const many = await order(owner, tractor, {
        activities: Array.from({ length: 101 }, () => crypto.randomUUID()),
      })
      expect(many.status).toBe(400)
      expect(await many.json()).toMatchObject({ code: "tooManyActivities" })
      const zone = await order(owner, tractor, { activities: ids, tz: "Mars/Olympus" })
      expect(await zone.json()).toMatchObject({ code: "unknownTimeZone" })
    })

    it("prints for whoever sees the machine, and nobody else", async () => {
      expect((await order(blind, tractor, { activities: ids })).status).toBe(403)
      expect((await order(stranger, tractor, { activities: ids })).status).toBe(404)
      expect((await order(undefined, tractor, { activities: ids })).status).toBe(401)
    })
  },
  300_000,
)
