import { createRequire } from "node:module"
import PDFDocument from "pdfkit"

/**
 * The PDF toolkit every document of Sillon is written with (the work order first; invoices and
 * reports after it): A4 pages drawn by pdfkit, in DejaVu Sans embedded (subset) in the file, so
 * Polish and German letters (ą, ę, ł, ż, ß, ä…) print on every reader, with a header, key–value
 * lines, tables that carry their header over page breaks, signature boxes and numbered pages.
 */

const require = createRequire(import.meta.url)
const fontFile = (name: string) => require.resolve(`dejavu-fonts-ttf/ttf/${name}`)
const fonts = { regular: fontFile("DejaVuSans.ttf"), bold: fontFile("DejaVuSans-Bold.ttf") }

const margin = 40
const ink = "#1f2a1f"
const dim = "#5c6b5c"
const rule = "#b8c4b8"
const band = "#eef3ee"

export interface Column {
  readonly header: string
  /** Share of the page's width (the columns' shares are scaled to fill it). */
  readonly width: number
  readonly align?: "left" | "right"
}

export interface Page {
  /** A title and, under it, a line of smaller text. */
  readonly title: (title: string, subtitle?: string) => void
  /** Label and value pairs, two a line. */
  readonly facts: (pairs: ReadonlyArray<readonly [string, string]>) => void
  /** A table: its header repeated on each page it runs onto; `total` in bold under a rule. */
  readonly table: (
    columns: ReadonlyArray<Column>,
    rows: ReadonlyArray<ReadonlyArray<string>>,
    total?: ReadonlyArray<string>,
  ) => void
  /** A heading and a paragraph. */
  readonly paragraph: (heading: string, text: string) => void
  /** Boxes to sign in, side by side, each with its caption. */
  readonly signatures: (captions: ReadonlyArray<string>) => void
}

export interface Document {
  readonly title: string
  readonly lang: string
  /** Under every page, left; `page` writes "Page 1 / 2" on the right. */
  readonly footer: string
  readonly page: (page: number, pages: number) => string
  readonly landscape?: boolean
}

/** Draws a document with `draw` and answers its bytes. */
export const makePdf = (meta: Document, draw: (page: Page) => void): Promise<Uint8Array> =>
  new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: "A4",
      layout: meta.landscape ? "landscape" : "portrait",
      margin,
      bufferPages: true,
      lang: meta.lang,
      displayTitle: true,
      info: { Title: meta.title, Creator: "Sillon", Producer: "Sillon" },
    })
    const chunks: Array<Buffer> = []
    doc.on("data", (chunk: Buffer) => chunks.push(chunk))
    doc.on("end", () => resolve(new Uint8Array(Buffer.concat(chunks))))
    doc.on("error", reject)
    doc.registerFont("regular", fonts.regular)
    doc.registerFont("bold", fonts.bold)
    doc.font("regular").fillColor(ink)

    const width = () => doc.page.width - 2 * margin
    const bottom = () => doc.page.height - margin - 24
    const room = (height: number) => {
      if (doc.y + height > bottom()) doc.addPage()
    }

    const page: Page = {
      title: (title, subtitle) => {
        doc.font("bold").fontSize(20).fillColor(ink).text(title, margin, doc.y)
        if (subtitle) doc.font("regular").fontSize(10).fillColor(dim).text(subtitle)
        doc.moveDown(0.8)
      },
      facts: (pairs) => {
        const half = width() / 2
        for (let i = 0; i < pairs.length; i += 2) {
          const top = doc.y
          let lowest = top
          for (const [k, pair] of pairs.slice(i, i + 2).entries()) {
            const x = margin + k * half
            doc
              .font("regular")
              .fontSize(8)
              .fillColor(dim)
              .text(pair[0], x, top, { width: half - 8 })
            doc
              .font("bold")
              .fontSize(11)
              .fillColor(ink)
              .text(pair[1], x, doc.y, { width: half - 8 })
            lowest = Math.max(lowest, doc.y)
          }
          doc.y = lowest + 6
        }
        doc.x = margin
        doc.moveDown(0.5)
      },
      table: (columns, rows, total) => {
        const share = columns.reduce((s, c) => s + c.width, 0)
        const widths = columns.map((c) => (c.width / share) * width())
        const pad = 3
        const heightOf = (cells: ReadonlyArray<string>, font: "regular" | "bold") => {
          doc.font(font).fontSize(8)
          return (
            Math.max(...cells.map((c, i) => doc.heightOfString(c, { width: (widths[i] ?? 0) - 2 * pad }))) +
            2 * pad
          )
        }
        const line = (cells: ReadonlyArray<string>, font: "regular" | "bold", fill?: string) => {
          const h = heightOf(cells, font)
          const top = doc.y
          if (fill) doc.rect(margin, top, width(), h).fill(fill)
          let x = margin
          doc.font(font).fontSize(8).fillColor(ink)
          for (const [i, cell] of cells.entries()) {
            const w = widths[i] ?? 0
            doc.text(cell, x + pad, top + pad, { width: w - 2 * pad, align: columns[i]?.align ?? "left" })
            x += w
          }
          doc
            .moveTo(margin, top + h)
            .lineTo(margin + width(), top + h)
            .lineWidth(0.5)
            .strokeColor(rule)
            .stroke()
          doc.x = margin
          doc.y = top + h
        }
        const header = columns.map((c) => c.header)
        room(heightOf(header, "bold") + heightOf(rows[0] ?? header, "regular"))
        line(header, "bold", band)
        for (const row of rows) {
          const h = heightOf(row, "regular")
          if (doc.y + h > bottom()) {
            doc.addPage()
            line(header, "bold", band)
          }
          line(row, "regular")
        }
        if (total) {
          room(heightOf(total, "bold"))
          line(total, "bold", band)
        }
        doc.moveDown(1)
      },
      paragraph: (heading, text) => {
        room(60)
        doc.font("bold").fontSize(11).fillColor(ink).text(heading, margin, doc.y)
        doc.font("regular").fontSize(10).text(text, { width: width() })
        doc.moveDown(1)
      },
      signatures: (captions) => {
        const gap = 16
        const w = (width() - gap * (captions.length - 1)) / captions.length
        room(110)
        const top = doc.y
        for (const [i, caption] of captions.entries()) {
          const x = margin + i * (w + gap)
          doc.font("regular").fontSize(9).fillColor(dim).text(caption, x, top, { width: w })
          doc
            .rect(x, top + 14, w, 70)
            .lineWidth(0.8)
            .strokeColor(rule)
            .stroke()
        }
        doc.x = margin
        doc.y = top + 90
      },
    }
    draw(page)

    const range = doc.bufferedPageRange()
    for (let i = 0; i < range.count; i++) {
      doc.switchToPage(range.start + i)
      const y = doc.page.height - margin
      // Written in the bottom margin: without this, pdfkit would open a page for it.
      doc.page.margins.bottom = 0
      doc.font("regular").fontSize(7).fillColor(dim)
      doc.text(meta.footer, margin, y, { width: width() * 0.75, lineBreak: false })
      doc.text(meta.page(i + 1, range.count), margin, y, { width: width(), align: "right", lineBreak: false })
    }
    doc.end()
  })
