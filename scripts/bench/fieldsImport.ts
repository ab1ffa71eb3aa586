import { parcelFile } from "../../server/test/parcels"
import { type Figure, percentile } from "./report"

/**
 * A whole CUMA's farms in one file: `count` parcels of about 3 ha in a grid near Chartres, each a
 * slightly irregular quadrilateral, as GeoJSON in WGS 84.
 */
export const generatedParcels = (count: number) => {
  const side = Math.ceil(Math.sqrt(count))
  const features = Array.from({ length: count }, (_, i) => {
    const x = 1.3 + (i % side) * 0.0026
    const y = 48.3 + Math.floor(i / side) * 0.0017
    const wobble = ((i * 7919) % 13) * 0.00003
    const ring = [
      [x, y],
      [x + 0.0024 + wobble, y],
      [x + 0.0024, y + 0.0015 + wobble],
      [x + wobble, y + 0.0015],
      [x, y],
    ]
    return {
      type: "Feature",
      properties: { name: `Parcelle ${i + 1}` },
      geometry: { type: "Polygon", coordinates: [ring] },
    }
  })
  return new TextEncoder().encode(JSON.stringify({ type: "FeatureCollection", features }))
}

/**
 * The import preview (read, reproject, validate, measure, match, answer), timed from the client:
 * the 45-parcel Telepac export and a generated 5,000-parcel file, each against a file of the same
 * size refused at once (what sending it costs alone), in the same run. Median of `rounds`.
 */
export const measureFieldsImport = async (
  base: string,
  token: string,
  rounds: number,
): Promise<ReadonlyArray<Figure>> => {
  const preview = async (kind: string, filename: string, bytes: Uint8Array, ok: boolean) => {
    const started = performance.now()
    const answer = await fetch(`${base}/api/v2/fields/import/preview`, {
      method: "POST",
      headers: { authorization: `JWT ${token}`, "content-type": "application/json" },
      body: JSON.stringify({ kind, filename, content: Buffer.from(bytes).toString("base64") }),
    })
    const text = await answer.text()
    if (answer.ok !== ok)
      throw new Error(`preview of ${filename} answered ${answer.status}: ${text.slice(0, 200)}`)
    return performance.now() - started
  }
  const median = async (f: () => Promise<number>) => {
    await f() // warm-up
    const times: number[] = []
    for (let i = 0; i < rounds; i++) times.push(await f())
    return percentile(times, 50)
  }
  // Text no reader takes, as large as the file: refused on its first bytes.
  const refusedAlike = (size: number) => new Uint8Array(size).fill(0x2d)
  const telepac = parcelFile("telepac-parcelles.zip")
  const big = generatedParcels(5000)
  const figures: Array<Figure> = []
  for (const [name, kind, filename, bytes] of [
    ["Telepac export, 45 parcels", "telepac", "telepac-parcelles.zip", telepac],
    ["generated file, 5,000 parcels (a CUMA's farms)", "other", "cuma.geojson", big],
  ] as const) {
    const value = await median(() => preview(kind, filename, bytes, true))
    const baseline = await median(() => preview("other", "same-size.txt", refusedAlike(bytes.length), false))
    figures.push({
      name: `Import preview (read, reproject, validate, measure, match), ${name}`,
      value,
      baseline,
      unit: "ms",
      baselineName: `a file of the same size (${Math.round(bytes.length / 1024)} kB) refused at once`,
      note: "aim ≤ 2,000 ms",
    })
  }
  return figures
}
