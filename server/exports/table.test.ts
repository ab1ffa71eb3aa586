import { Temporal } from "temporal-polyfill"
import { describe, expect, it } from "vitest"
import { type ExportTable, toCsv } from "./table"

const table: ExportTable = {
  title: "Essai",
  columns: [
    { header: "Parcelle", kind: "text" },
    { header: "Surface (ha)", kind: "number", decimals: 2 },
    { header: "Début", kind: "instant" },
  ],
  rows: [
    ['Les Prés; dits "du Bas"', 1234.5, Temporal.Instant.from("2026-07-01T10:05:00Z")],
    ["Vide", null, null],
  ],
}

const lines = (csv: string) => csv.slice(1).split("\r\n")

describe("toCsv (a table as the language's spreadsheet opens it)", () => {
  it("writes French: a byte-order mark, semicolons, decimal commas, no thousands separator, Paris time", () => {
    const csv = toCsv(table, { locale: "fr", timeZone: "Europe/Paris" })
    expect(csv.charCodeAt(0)).toBe(0xfeff)
    const [header, first, empty] = lines(csv)
    expect(header).toBe("Parcelle;Surface (ha);Début")
    // A text holding the separator or quotes is quoted, its quotes doubled.
    expect(first).toBe('"Les Prés; dits ""du Bas""";1234,50;01/07/2026 12:05:00')
    expect(empty).toBe("Vide;;")
  })

  it("writes German and Polish days with dots, English with commas, points and the year first", () => {
    expect(lines(toCsv(table, { locale: "de", timeZone: "Europe/Berlin" }))[1]).toContain(
      ";1234,50;01.07.2026 12:05:00",
    )
    const en = lines(toCsv(table, { locale: "en", timeZone: "Europe/London" }))
    expect(en[0]).toBe("Parcelle,Surface (ha),Début")
    expect(en[1]).toBe('"Les Prés; dits ""du Bas""",1234.50,2026-07-01 11:05:00')
  })

  it("writes the wall time of the zone asked, summer or winter", () => {
    const winter: ExportTable = { ...table, rows: [["x", 1, Temporal.Instant.from("2026-01-15T23:30:00Z")]] }
    expect(lines(toCsv(winter, { locale: "fr", timeZone: "Europe/Paris" }))[1]).toBe(
      "x;1,00;16/01/2026 00:30:00",
    )
    expect(lines(toCsv(winter, { locale: "fr", timeZone: "America/Cayenne" }))[1]).toBe(
      "x;1,00;15/01/2026 20:30:00",
    )
  })

  it("writes a text that looks like a formula as text, and leaves negative numbers alone", () => {
    const risky: ExportTable = {
      ...table,
      rows: [
        ['=HYPERLINK("http://x","clic")', -2.5, null],
        ["@SUM(A1)", 0, null],
        ["-1+2", 1, null],
      ],
    }
    const [, a, b, c] = lines(toCsv(risky, { locale: "fr", timeZone: "Europe/Paris" }))
    expect(a).toBe(`"'=HYPERLINK(""http://x"",""clic"")";-2,50;`)
    expect(b).toBe("'@SUM(A1);0,00;")
    expect(c).toBe("'-1+2;1,00;")
  })
})
