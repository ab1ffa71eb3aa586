import type { FieldIndex } from "../../schema/field"
import type { FieldPoints } from "../common/map/FieldsMap"

/** The fields at `positions` (in the index) as points, each at its box's centre: the map far out. */
export const pointsOf = (index: FieldIndex, positions: ReadonlyArray<number>): FieldPoints => {
  const { bbox, id } = index.fields
  const lngLat = new Float64Array(2 * positions.length)
  positions.forEach((i, k) => {
    lngLat[2 * k] = ((bbox[4 * i] ?? 0) + (bbox[4 * i + 2] ?? 0)) / 2
    lngLat[2 * k + 1] = ((bbox[4 * i + 1] ?? 0) + (bbox[4 * i + 3] ?? 0)) / 2
  })
  return { ids: positions.map((i) => id[i] ?? ""), lngLat }
}
