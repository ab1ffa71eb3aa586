import type { MultiPolygon, Polygon } from "geojson"
import { describe, expect, it } from "vitest"
import { parcelFile } from "../../test/parcels"
import { type Candidate, ImportRefused } from "./candidate"
import { parseFile } from "./parse"

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => "accepted",
    (error) => (error instanceof ImportRefused ? error.code : `crashed: ${error}`),
  )
const rings = (c: Candidate) => {
  const g = c.geometry as Polygon | MultiPolygon
  return g.type === "Polygon" ? g.coordinates.length : g.coordinates.reduce((n, p) => n + p.length, 0)
}

describe("reading the files farmers bring", () => {
  it("reads the Telepac shapefile export (no .prj): 45 parcels named îlot.parcelle, Lambert-93, holes kept", async () => {
    const parsed = await parseFile("telepac", parcelFile("telepac-parcelles.zip"), "telepac-parcelles.zip")
    expect(parsed.format).toBe("telepacShapefile")
    expect(parsed.candidates).toHaveLength(45)
    for (const c of parsed.candidates) {
      expect(c.name).toMatch(/^\d+\.\d+$/)
      expect(c.srid).toBe(2154)
      expect(c.pac?.declaredAreaHa).toBeGreaterThan(0)
      expect(c.pac?.campaign).toBe(2024)
    }
    expect(parsed.candidates.filter((c) => rings(c) > 1).length).toBe(2)
    expect(new Set(parsed.candidates.map((c) => c.crop))).toContain("PPH")
  })

  it.each([
    ["telepac-single-2024v4.xml", "telepacXml"],
    ["telepac-multi-2024v4.xml", "telepacXml"],
    ["telepac-dossier-2022v4.xml", "telepacXml"],
    ["telepac-single-2024v3.xml", "telepacXml"],
    ["telepac-multi-2024v3.xml", "telepacXml"],
    ["telepac-single-2023v2.xml", "telepacXml"],
    ["telepac-import-2023-from-mesparcelles.xml", "telepacXml"],
  ])("reads the Telepac XML file %s as a Telepac export and as any file", async (file, format) => {
    const bytes = parcelFile(file)
    const parsed = await parseFile("telepac", bytes, file)
    expect(parsed.format).toBe(format)
    expect(parsed.candidates.length).toBeGreaterThan(0)
    for (const c of parsed.candidates) {
      expect(c.name).toMatch(/^\d+(\.\d+)?$/)
      expect(c.srid).toBe(2154)
    }
    expect((await parseFile("other", bytes, file)).candidates.length).toBe(parsed.candidates.length)
  })

  it("names the parcels of the 2024 export as the farmer knows them, with their crop", async () => {
    const parsed = await parseFile("telepac", parcelFile("telepac-single-2024v4.xml"), "x.xml")
    const first = parsed.candidates.find((c) => c.name === "1.3")
    expect(first?.crop).toBe("AIL")
    expect(first?.pac?.pacage).toBe("999000000")
  })

  it.each([
    "anygeo/anygeo-test.kml",
    "anygeo/anygeo-test.kmz",
    "anygeo/anygeo-test.geojson",
    "anygeo/anygeo-test.zip",
    "anygeo/anygeo-test.gpkg.zip",
    "anygeo/anygeo-test-cartobio.json",
  ])("reads the same two fields from %s", async (file) => {
    const parsed = await parseFile("other", parcelFile(file), file)
    expect(parsed.candidates).toHaveLength(2)
  })

  it("skips and counts the point a KML file holds besides its areas", async () => {
    const parsed = await parseFile("other", parcelFile("anygeo/anygeo-test.kml"), "anygeo-test.kml")
    expect(parsed.skipped).toEqual({ points: 1, lines: 0 })
  })

  it.each([
    ["anygeo/anygeo-test.zip", "telepac", "notTelepacExport"],
    ["anygeo/anygeo-test.geojson", "telepac", "notTelepacExport"],
    ["negative/geofolia-parcelles.zip", "telepac", "notTelepacExport"],
    ["negative/geofolia-parcelles.zip", "other", "importFormat"],
    ["negative/anygeo-test.xlsx", "other", "importFormat"],
    ["negative/anygeo-test.xlsx", "telepac", "notTelepacExport"],
  ] as const)("refuses %s sent as %s (%s)", async (file, kind, code) => {
    expect(await refusal(parseFile(kind, parcelFile(file), file))).toBe(code)
  })

  it("refuses text that is no geographic format, and an XML file declaring entities", async () => {
    const bytes = (s: string) => new TextEncoder().encode(s)
    expect(await refusal(parseFile("other", bytes("name;area\nA;1"), "a.csv"))).toBe("importFormat")
    expect(await refusal(parseFile("other", bytes("{ not json"), "a.json"))).toBe("importFormat")
    expect(await refusal(parseFile("other", bytes('<!DOCTYPE kml [<!ENTITY x "y">]><kml/>'), "a.kml"))).toBe(
      "importFormat",
    )
    expect(
      await refusal(parseFile("other", bytes('{"type":"FeatureCollection","features":[]}'), "a.json")),
    ).toBe("importEmpty")
  })
})
