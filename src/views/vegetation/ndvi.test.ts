import { describe, expect, it } from "vitest"
import { FieldId } from "../../schema/ids"
import type { FieldVegetation } from "../../schema/vegetation"
import { curvePoints, ndviColor, noValueColor } from "./ndvi"

const interval = (from: string, ndvi: number | null) => ({
  from,
  to: from,
  ndvi,
  min: null,
  max: null,
  stDev: null,
  clear: ndvi === null ? 0 : 1,
})

describe("the NDVI curve and colours", () => {
  it("has a point per 5-day interval from 1 January, null where cloudy or without an image: gaps, no value made up", () => {
    const season: FieldVegetation = {
      fieldId: FieldId.make("5f0c6e9a-3c2b-4d3e-9f5a-1b2c3d4e5f60"),
      year: 2025,
      status: "ready",
      problem: null,
      fetchedAt: null,
      intervals: [interval("2025-01-01", 0.21), interval("2025-01-11", null), interval("2025-01-21", 0.3)],
    }
    expect(curvePoints(season)).toEqual([
      { day: "2025-01-01", ndvi: 0.21 },
      { day: "2025-01-06", ndvi: null },
      { day: "2025-01-11", ndvi: null },
      { day: "2025-01-16", ndvi: null },
      { day: "2025-01-21", ndvi: 0.3 },
    ])
    expect(curvePoints({ ...season, intervals: [] })).toEqual([])
  })

  it("colours a field by its class, grey without a value", () => {
    expect(ndviColor(undefined)).toBe(noValueColor)
    expect(ndviColor(-0.1)).toBe(ndviColor(0.19))
    expect(ndviColor(0.2)).not.toBe(ndviColor(0.19))
    expect(ndviColor(0.85)).toBe(ndviColor(1))
    expect(new Set([0.1, 0.3, 0.5, 0.7, 0.9].map(ndviColor)).size).toBe(5)
  })
})
