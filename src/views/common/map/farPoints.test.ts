import { describe, expect, it } from "vitest"
import {
  addPoints,
  countColor,
  countHalo,
  countImage,
  countImageName,
  countLabel,
  countOfImage,
  drawCounts,
  farCollections,
  groupRadius,
  groupSize,
  groupSizes,
  type Pen,
  type PointsMap,
  pointColor,
  selectedColor,
} from "./farPoints"

/** WCAG 2 contrast ratio of two #rrggbb colours. */
const contrast = (a: string, b: string) => {
  const luminance = (hex: string) => {
    const [r, g, b] = [1, 3, 5].map((i) => {
      const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
    })
    return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0)
  }
  const [hi = 0, lo = 0] = [luminance(a), luminance(b)].sort((x, y) => y - x)
  return (hi + 0.05) / (lo + 0.05)
}

/** A pen that measures a bold digit or space at 0.62 em (wider than system fonts draw them). */
const fakePen =
  (calls: Array<string>) =>
  (width: number, height: number): Pen => {
    const pen = {
      font: "",
      fillStyle: "",
      textAlign: "start" as CanvasTextAlign,
      textBaseline: "alphabetic" as CanvasTextBaseline,
      measureText: (text: string) => ({
        width: text.length * 0.62 * Number(/(\d+)px/.exec(pen.font)?.[1] ?? 0),
      }),
      fillText: (text: string, x: number, y: number) => {
        calls.push(`${text} at ${x},${y} in ${pen.fillStyle}`)
      },
      strokeStyle: "",
      lineWidth: 1,
      lineJoin: "miter" as CanvasLineJoin,
      strokeText: (text: string, x: number, y: number) => {
        calls.push(`${text} haloed at ${x},${y} in ${pen.strokeStyle}`)
      },
      scale: (x: number, y: number) => {
        calls.push(`scale ${x},${y}`)
      },
      getImageData: (_x: number, _y: number, w: number, h: number) =>
        ({ width: w, height: h, data: new Uint8ClampedArray(w * h * 4) }) as unknown as ImageData,
    }
    calls.push(`canvas ${width}×${height}`)
    return pen
  }

describe("the far view's points", () => {
  it("sets the selected field apart from the points that are grouped", () => {
    const points = { ids: ["a", "b", "c"], lngLat: [1, 48, 1.1, 48.1, 1.2, 48.2] }
    const { others, selected } = farCollections(points, "b")
    expect(others.features.map((f) => f.properties?.id)).toEqual(["a", "c"])
    expect(selected.features).toEqual([
      { type: "Feature", geometry: { type: "Point", coordinates: [1.1, 48.1] }, properties: { id: "b" } },
    ])
    // None selected, or the selected one filtered out of the points: every point grouped.
    expect(farCollections(points, null).others.features).toHaveLength(3)
    expect(farCollections(points, "z").selected.features).toEqual([])
  })

  it("sizes a group's disc to how many fields it holds, and its count fits in it", () => {
    expect(groupSize(2).radius).toBe(11)
    expect(groupSize(57).radius).toBe(13)
    expect(groupSize(30_000).radius).toBe(28)
    for (const [a, b] of groupSizes.slice(1).map((s, i) => [groupSizes[i], s] as const))
      expect(b?.radius).toBeGreaterThan(a?.radius ?? 0)
    expect(groupRadius()).toEqual(["step", ["get", "point_count"], 11, 10, 13, 100, 16, 1000, 23, 10_000, 28])
    // The widest count of each size (its largest, written in French) inside its disc with a margin.
    for (const [i, size] of groupSizes.entries()) {
      const widest = (groupSizes[i + 1]?.from ?? 100_000) - 1
      const calls: Array<string> = []
      const drawn = countImage("fr", widest, 1, fakePen(calls))
      expect(drawn?.image.width).toBeLessThanOrEqual(2 * size.radius - 4)
    }
  })

  it("writes the count as the person's language writes numbers, dark on the amber disc", () => {
    expect(countLabel("fr", 12345)).toBe("12\u202f345")
    expect(countLabel("en", 12345)).toBe("12,345")
    expect(countOfImage(countImageName("pl", 1234))).toEqual({ locale: "pl", count: 1234 })
    expect(countOfImage("some-basemap-icon")).toBeNull()
    const calls: Array<string> = []
    const drawn = countImage("fr", 1234, 2, fakePen(calls))
    expect(drawn?.pixelRatio).toBe(2)
    expect(calls).toContain(`1\u202f234 at ${(drawn?.image.width ?? 0) / 4},8.5 in ${countColor}`)
    expect(calls).toContain("scale 2,2")
    expect(calls).toContain(`1\u202f234 haloed at ${(drawn?.image.width ?? 0) / 4},8.5 in ${countHalo}`)
    expect(contrast(countColor, pointColor)).toBeGreaterThanOrEqual(7)
    // Over the selected blue dot, the count on its halo.
    expect(contrast(countColor, countHalo)).toBeGreaterThanOrEqual(7)
    // The selected point stands out of the amber ones.
    expect(contrast(selectedColor, pointColor)).toBeGreaterThanOrEqual(2)
  })

  it("draws the groups with their counts as images (no text: no glyph server), the selected point above all, apart", () => {
    const sources: Array<{ id: string; spec: Record<string, unknown> }> = []
    const layers: Array<Record<string, unknown>> = []
    const map = {
      addSource: (id: string, spec: Record<string, unknown>) => sources.push({ id, spec }),
      addLayer: (layer: Record<string, unknown>) => layers.push(layer),
    } as unknown as PointsMap
    const data = farCollections({ ids: ["a", "b"], lngLat: [1, 48, 1.1, 48.1] }, "b")
    addPoints(map, data, { locale: "de", until: 12, distance: 40 })
    expect(sources.map((s) => [s.id, s.spec.cluster ?? false, s.spec.data])).toEqual([
      ["points", true, data.others],
      ["points-selected", false, data.selected],
    ])
    expect(layers.map((l) => l.id)).toEqual(["points-group", "points-one", "points-selected", "points-count"])
    // Every layer gives way to the outlines at zoom 12; none writes text.
    for (const layer of layers) {
      expect(layer.maxzoom).toBe(12)
      expect(JSON.stringify(layer)).not.toContain("text-field")
    }
    const count = layers[3] as { layout: Record<string, unknown>; filter: unknown }
    expect(count.filter).toEqual(["has", "point_count"])
    expect(count.layout["icon-image"]).toEqual([
      "concat",
      "sillon-count:de:",
      ["to-string", ["get", "point_count"]],
    ])
    expect(count.layout["icon-allow-overlap"]).toBe(true)
    const selected = layers[2] as { source: string; paint: Record<string, unknown> }
    expect(selected.source).toBe("points-selected")
    expect(selected.paint["circle-color"]).toBe(selectedColor)
    expect(selected.paint["circle-radius"]).toBeGreaterThan(5)
  })

  it("draws a count's image when the map first asks for it, and leaves other images alone", () => {
    let resolve: ((id: string) => void) | undefined
    const added: Array<{ id: string; pixelRatio: unknown }> = []
    const map = {
      setMissingStyleImageResolver: (r: (id: string) => void) => {
        resolve = r
      },
      hasImage: (id: string) => added.some((a) => a.id === id),
      addImage: (id: string, _image: unknown, options: { pixelRatio?: number }) =>
        added.push({ id, pixelRatio: options.pixelRatio }),
    } as unknown as PointsMap
    const calls: Array<string> = []
    drawCounts(map, fakePen(calls))
    resolve?.(countImageName("fr", 57))
    resolve?.(countImageName("fr", 57))
    resolve?.("a-basemap-icon")
    expect(added.map((a) => a.id)).toEqual(["sillon-count:fr:57"])
    expect(calls.filter((c) => c.startsWith("57 at"))).toHaveLength(1)
  })
})
