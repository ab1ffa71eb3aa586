import type { FieldVegetation } from "../../schema/vegetation"

/** The map's classes of NDVI, from bare soil to dense vegetation (colour-blind-safe brown to green). */
export const ndviClasses: ReadonlyArray<{ readonly from: number; readonly color: string }> = [
  { from: Number.NEGATIVE_INFINITY, color: "#8c510a" },
  { from: 0.2, color: "#d8b365" },
  { from: 0.4, color: "#c7e9a0" },
  { from: 0.6, color: "#5aae61" },
  { from: 0.8, color: "#1b7837" },
]
/** A field without a value yet. */
export const noValueColor = "#adb5bd"

export const ndviColor = (ndvi: number | undefined): string =>
  ndvi === undefined ? noValueColor : (ndviClasses.findLast((c) => ndvi >= c.from)?.color ?? noValueColor)

/** An NDVI as the person reads it, two decimals in their language. */
export const formatNdvi = (ndvi: number, locale: string) =>
  new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(ndvi)

const dayMillis = 86_400_000

/**
 * The season's points for the curve, one per 5-day interval from 1 January to the last interval
 * the provider answered: the interval's mean, or null where it was too cloudy or had no image (a
 * gap in the curve, never a value made up).
 */
export const curvePoints = (season: FieldVegetation): ReadonlyArray<{ day: string; ndvi: number | null }> => {
  const byDay = new Map(season.intervals.map((i) => [i.from, i.ndvi]))
  const last = season.intervals.at(-1)?.from
  if (last === undefined) return []
  const points: Array<{ day: string; ndvi: number | null }> = []
  for (let t = Date.UTC(season.year, 0, 1); ; t += 5 * dayMillis) {
    const day = new Date(t).toISOString().slice(0, 10)
    if (day > last) break
    points.push({ day, ndvi: byDay.get(day) ?? null })
  }
  return points
}
