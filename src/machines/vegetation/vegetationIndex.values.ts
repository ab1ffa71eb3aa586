import type { FieldVegetation, LatestVegetation } from "../../schema/vegetation"

/** The season's last clear value, as the map shows it, or undefined when it has none. */
export const lastClear = (season: FieldVegetation): LatestVegetation | undefined => {
  const last = season.intervals.findLast((i) => i.ndvi !== null)
  return last?.ndvi == null ? undefined : { fieldId: season.fieldId, day: last.to, ndvi: last.ndvi }
}

/** The map's values with the field of `season` as the season now says. */
export const withSeason = (
  latest: ReadonlyArray<LatestVegetation>,
  season: FieldVegetation,
): ReadonlyArray<LatestVegetation> => {
  const value = lastClear(season)
  const others = latest.filter((l) => l.fieldId !== season.fieldId)
  return value ? [...others, value] : others
}
