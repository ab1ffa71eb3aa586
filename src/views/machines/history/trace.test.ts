import { DateTime } from "effect"
import { describe, expect, it } from "vitest"
import { MachineId } from "../../../schema/ids"
import { HistoryTrace, type TracePoint, TraceSegment } from "../../../schema/positions"
import { cursorAt, nearestAt, spanOf, speedClass, timelineOf, traceFeatures } from "./trace"

const at = (iso: string) => DateTime.unsafeMake(iso)
const segment = (start: string, points: Array<TracePoint>) =>
  new TraceSegment({ start: at(start), end: at(start), fixes: points.length, points })
const trace = (segments: Array<TraceSegment>) =>
  new HistoryTrace({
    machine: MachineId.make("5f0c6e9a-3c2b-4d3e-9f5a-1b2c3d4e5f61"),
    start: at("2026-11-20T00:00:00Z"),
    end: at("2026-11-21T00:00:00Z"),
    fixes: 6,
    tolerance: 0,
    segments,
  })
const t0 = Date.parse("2026-11-20T08:00:00Z")

const sample = timelineOf(
  trace([
    segment("2026-11-20T08:00:00Z", [
      [1, 48, 0, 1],
      [1.001, 48, 10, 7],
      [1.002, 48, 20, 7],
      [1.003, 48, 30, 25],
    ]),
    // Ten minutes of silence, then a point without speed.
    segment("2026-11-20T08:10:30Z", [[1.01, 48.01, 0, null]]),
  ]),
)

describe("the history's trace", () => {
  it("classes speeds, none apart", () => {
    expect([0, 1.9, 2, 5.9, 6, 12, 19.9, 20, 80, null].map(speedClass)).toEqual([
      0, 0, 1, 1, 2, 3, 3, 4, 4, -1,
    ])
  })

  it("draws each segment apart, cut where the speed changes class, joined there", () => {
    const { features } = traceFeatures(sample)
    expect(features.map((f) => [f.properties?.segment, f.geometry.type, f.properties?.color])).toEqual([
      [0, "LineString", "#6a3d9a"],
      [0, "LineString", "#2ca25f"],
      [1, "Point", "#8c8c8c"],
    ])
    expect(features[0]?.geometry).toEqual({
      type: "LineString",
      coordinates: [
        [1, 48],
        [1.001, 48],
      ],
    })
    expect(features[1]?.geometry).toEqual({
      type: "LineString",
      coordinates: [
        [1.001, 48],
        [1.002, 48],
        [1.003, 48],
      ],
    })
  })

  it("puts the replay's cursor on the line, and at the last position while the box is silent", () => {
    expect(spanOf(sample)).toEqual({ first: t0, last: t0 + 630_000 })
    expect(cursorAt(sample, t0 + 15_000)).toEqual({ lng: 1.0015, lat: 48, speed: 7, silent: false })
    expect(cursorAt(sample, t0 + 300_000)).toEqual({ lng: 1.003, lat: 48, speed: null, silent: true })
    expect(cursorAt(sample, t0 + 630_000)).toEqual({ lng: 1.01, lat: 48.01, speed: null, silent: false })
    expect(cursorAt(sample, t0 - 1)).toEqual({ lng: 1, lat: 48, speed: 1, silent: false })
  })

  it("finds the instant the machine passed nearest to where the person tapped, along the lines drawn", () => {
    // On the line between two fixes: the instant in between, not the nearer fix's.
    expect(nearestAt(sample, 1.00195, 48.0001)).toBeCloseTo(t0 + 19_500, 6)
    expect(nearestAt(sample, 1.0015, 47.9999)).toBeCloseTo(t0 + 15_000, 6)
    // On a fix.
    expect(nearestAt(sample, 1.003, 48)).toBe(t0 + 30_000)
    // No line across a silence: between two segments, the nearer end.
    expect(nearestAt(sample, 1.005, 48.004)).toBe(t0 + 30_000)
    expect(nearestAt(sample, 1.02, 48.02)).toBe(t0 + 630_000)
    expect(nearestAt([], 1, 48)).toBeNull()
  })
})
