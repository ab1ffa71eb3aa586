import { afterEach, describe, expect, it } from "vitest"
import { basemapStyle, ignLayers } from "./basemap"

describe("every map's style", () => {
  afterEach(() => {
    for (const meta of document.querySelectorAll('meta[name="sillon-map-style"]')) meta.remove()
  })

  it("is IGN's over the bundled basemap by default", () => {
    const style = basemapStyle("ortho")
    expect(typeof style).toBe("object")
    expect(typeof style === "object" && style.sources.ign).toMatchObject({ tiles: [ignLayers.ortho] })
  })

  it("is the one MAP_STYLE_URL names when the server hands it to the page", () => {
    const meta = document.createElement("meta")
    meta.name = "sillon-map-style"
    meta.content = "https://tiles.example.org/style.json"
    document.head.append(meta)
    expect(basemapStyle("ortho")).toBe("https://tiles.example.org/style.json")
    expect(basemapStyle("plan")).toBe("https://tiles.example.org/style.json")
  })
})
