import { stringify } from "csv-stringify/sync"
import { Temporal } from "temporal-polyfill"
import writeXlsxFile, { type Cell, type SheetData } from "write-excel-file/node"
import type { Locale } from "../../src/schema/user"

/**
 * A table to hand over to a spreadsheet: the one way the product exports data, as CSV and XLSX
 * (the activities first; every later export reuses it). Headers carry their units ("Surface
 * travaillée (ha)"); a cell is text, a number, an instant (shown in `timeZone`'s wall time), or
 * nothing.
 */
export type ExportValue = string | number | Temporal.Instant | null

export interface ExportColumn {
  readonly header: string
  readonly kind: "text" | "number" | "instant"
  /** Decimals shown for a number (the value itself is kept whole in XLSX). */
  readonly decimals?: number
  /** Width in characters, for XLSX. */
  readonly width?: number
}

export interface ExportTable {
  /** The XLSX sheet's name. */
  readonly title: string
  readonly columns: ReadonlyArray<ExportColumn>
  readonly rows: ReadonlyArray<ReadonlyArray<ExportValue>>
}

export interface ExportOptions {
  readonly locale: Locale
  /** IANA time zone the instants are written in (the person's, or the structure's). */
  readonly timeZone: string
}

/**
 * Separator, decimal mark and date order a spreadsheet of that language opens without a question:
 * French, German and Polish spreadsheets read `;` between cells and a decimal comma; English ones
 * `,` and a decimal point.
 */
const conventions: Record<
  Locale,
  { readonly delimiter: string; readonly decimal: string; readonly date: "dmy/" | "dmy." | "ymd" }
> = {
  fr: { delimiter: ";", decimal: ",", date: "dmy/" },
  de: { delimiter: ";", decimal: ",", date: "dmy." },
  pl: { delimiter: ";", decimal: ",", date: "dmy." },
  en: { delimiter: ",", decimal: ".", date: "ymd" },
}

const two = (n: number) => String(n).padStart(2, "0")

/** The wall time of `instant` in `timeZone`. */
const wallTime = (instant: Temporal.Instant, timeZone: string) => instant.toZonedDateTimeISO(timeZone)

/**
 * CSV as a spreadsheet of the person's language opens it: UTF-8 with a byte-order mark (so that
 * "Pièce" stays "Pièce"), the language's separator and decimal mark, numbers without thousands
 * separators (they would be read as text), date-times as the language writes them, and no text
 * that the spreadsheet would run as a formula.
 */
export const toCsv = (table: ExportTable, options: ExportOptions): string => {
  const c = conventions[options.locale]
  const cell = (column: ExportColumn, value: ExportValue): string => {
    if (value === null) return ""
    if (value instanceof Temporal.Instant) {
      const t = wallTime(value, options.timeZone)
      const time = `${two(t.hour)}:${two(t.minute)}:${two(t.second)}`
      if (c.date === "ymd") return `${t.year}-${two(t.month)}-${two(t.day)} ${time}`
      return `${two(t.day)}${c.date === "dmy/" ? "/" : "."}${two(t.month)}${c.date === "dmy/" ? "/" : "."}${t.year} ${time}`
    }
    if (typeof value === "number") {
      const fixed = column.decimals === undefined ? String(value) : value.toFixed(column.decimals)
      return c.decimal === "." ? fixed : fixed.replace(".", c.decimal)
    }
    // A text a spreadsheet would take for a formula ("=HYPERLINK(…)" typed as a field's name) is
    // written as text: a leading apostrophe, which the spreadsheet does not show.
    return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
  }
  const body = stringify(
    [
      table.columns.map((col) => col.header),
      ...table.rows.map((row) => row.map((v, k) => cell(table.columns[k] as ExportColumn, v))),
    ],
    { delimiter: c.delimiter, record_delimiter: "\r\n" },
  )
  return `\uFEFF${body}`
}

/** Excel's number format for `decimals` places ("0.00"; the spreadsheet shows its own decimal mark). */
const numberFormat = (decimals: number | undefined) =>
  decimals === undefined || decimals <= 0 ? "0" : `0.${"0".repeat(decimals)}`

const dateFormats: Record<Locale, string> = {
  fr: "dd/mm/yyyy hh:mm",
  de: "dd.mm.yyyy hh:mm",
  pl: "dd.mm.yyyy hh:mm",
  en: "yyyy-mm-dd hh:mm",
}

/**
 * A real XLSX workbook: numbers as numbers, instants as dates (the wall time in `timeZone`: a
 * spreadsheet's dates have no zone), the header row in bold and frozen.
 */
export const toXlsx = async (table: ExportTable, options: ExportOptions): Promise<Buffer> => {
  const header: Array<Cell> = table.columns.map((col) => ({ value: col.header, fontWeight: "bold" }))
  const rows: SheetData = table.rows.map((row) =>
    row.map((value, k): Cell => {
      const column = table.columns[k] as ExportColumn
      if (value === null) return null
      if (value instanceof Temporal.Instant) {
        const t = wallTime(value, options.timeZone)
        return {
          value: new Date(Date.UTC(t.year, t.month - 1, t.day, t.hour, t.minute, t.second)),
          type: Date,
          format: dateFormats[options.locale],
        }
      }
      if (typeof value === "number") return { value, type: Number, format: numberFormat(column.decimals) }
      return { value, type: String }
    }),
  )
  return writeXlsxFile([header, ...rows], {
    sheet: table.title.slice(0, 31),
    stickyRowsCount: 1,
    columns: table.columns.map((col) => ({ width: col.width ?? Math.max(10, col.header.length + 2) })),
  }).toBuffer()
}
