import { describe, expect, it } from "vitest"
import {
  metresWide,
  outlineFeatures,
  outlinePoints,
  stateColors,
  traceBounds,
  traceRuns,
} from "./activityTrace"

const p = (lng: number, lat: number, state: "fieldWork" | "turn" | "road") => ({ lng, lat, state })

describe("the activity's trace on the map", () => {
  it("draws one line per run of a state, each starting where the last ended", () => {
    const runs = traceRuns([
      p(0, 0, "road"),
      p(1, 0, "road"),
      p(2, 0, "fieldWork"),
      p(3, 0, "fieldWork"),
      p(4, 0, "turn"),
      p(5, 0, "fieldWork"),
    ])
    expect(runs.features.map((f) => [f.properties?.state, f.geometry.coordinates])).toEqual([
      [
        "road",
        [
          [0, 0],
          [1, 0],
        ],
      ],
      [
        "fieldWork",
        [
          [1, 0],
          [2, 0],
          [3, 0],
        ],
      ],
      [
        "turn",
        [
          [3, 0],
          [4, 0],
        ],
      ],
      [
        "fieldWork",
        [
          [4, 0],
          [5, 0],
        ],
      ],
    ])
    expect(runs.features[1]?.properties?.color).toBe(stateColors.fieldWork)
  })

  it("draws nothing of a trace of one fix, and frames every fix", () => {
    expect(traceRuns([p(1, 2, "road")]).features).toEqual([])
    expect(traceBounds([])).toBeNull()
    expect(traceBounds([p(1, 48, "road"), p(-1, 47, "road"), p(0.5, 49, "turn")])).toEqual([
      [-1, 47],
      [1, 49],
    ])
  })

  it("draws a 24 m boom 24 m wide whatever the zoom, narrower in pixels nearer the equator", () => {
    const [, , , z0, w0, z24, w24] = metresWide(24, 47)
    // At zoom 17, latitude 47°: 40,075,016.686 × cos 47° / 512 / 2^17 = 0.4073 m a pixel.
    const at17 = w0 * 2 ** 17
    expect(at17).toBeCloseTo(24 / 0.4073, 1)
    expect(w24 / w0).toBe(2 ** 24)
    expect([z0, z24]).toEqual([0, 24])
    expect(metresWide(24, 0)[4]).toBeLessThan(w0)
  })

  it("outlines the fields worked, and frames them with the trace", () => {
    const square = {
      type: "Polygon" as const,
      coordinates: [
        [
          [1, 47],
          [1.01, 47],
          [1.01, 47.01],
          [1, 47],
        ] as Array<[number, number]>,
      ],
    }
    const multi = { type: "MultiPolygon" as const, coordinates: [square.coordinates] }
    const outlines = [
      { id: "a", name: "Le Nord", geometry: square },
      { id: "b", name: "Le Sud", geometry: multi },
    ]
    expect(outlineFeatures(outlines).features.map((f) => [f.id, f.properties.name, f.geometry.type])).toEqual(
      [
        ["a", "Le Nord", "Polygon"],
        ["b", "Le Sud", "MultiPolygon"],
      ],
    )
    expect(outlinePoints(outlines)).toHaveLength(8)
    expect(traceBounds([{ lng: 0.99, lat: 47.005 }, ...outlinePoints(outlines)])).toEqual([
      [0.99, 47],
      [1.01, 47.01],
    ])
  })
})
