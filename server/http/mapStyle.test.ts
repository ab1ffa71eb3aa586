import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { configFromEnv } from "../config"
import { startTestApp, type TestApp } from "../test/app"

const page = "<!doctype html><html><head><title>Sillon</title></head><body></body></html>"

describe("MAP_STYLE_URL", () => {
  let dist: string
  const apps: Array<TestApp> = []
  beforeAll(async () => {
    dist = await mkdtemp(join(tmpdir(), "sillon-dist-"))
    await mkdir(join(dist, "assets"))
    await writeFile(join(dist, "index.html"), page)
    await writeFile(join(dist, "index.html.br"), "compressed without the setting")
  })
  afterAll(async () => {
    for (const app of apps) await app.close()
    await rm(dist, { recursive: true, force: true })
  })

  it("hands the maps' style to the page the server sends, for every client route, escaped", async () => {
    const style = 'https://tiles.example.org/styles/plan.json?key=a&name="b"'
    const app = await startTestApp("pglite", { distDir: dist, mapStyleUrl: style })
    apps.push(app)
    for (const path of ["/", "/FieldsMain", "/index.html"]) {
      const res = await app.call("GET", path, { headers: { "accept-encoding": "br, gzip" } })
      expect(res.status).toBe(200)
      expect(res.headers.get("content-encoding")).toBeNull()
      const html = await res.text()
      expect(html).toContain(
        '<meta name="sillon-map-style" content="https://tiles.example.org/styles/plan.json?key=a&amp;name=&quot;b&quot;" />',
      )
      expect(html).toContain("<title>Sillon</title>")
    }
  })

  it("leaves the page as built without it (IGN's style then)", async () => {
    const app = await startTestApp("pglite", { distDir: dist })
    apps.push(app)
    const html = await (await app.call("GET", "/FieldsMain")).text()
    expect(html).toBe(page)
  })

  it("is read from the environment: an http(s) address or a path of this server, nothing else", () => {
    expect(configFromEnv({ MAP_STYLE_URL: "https://a.example/style.json" }).mapStyleUrl).toBe(
      "https://a.example/style.json",
    )
    expect(configFromEnv({ MAP_STYLE_URL: "/styles/local.json" }).mapStyleUrl).toBe("/styles/local.json")
    expect(configFromEnv({ MAP_STYLE_URL: "" }).mapStyleUrl).toBeUndefined()
    expect(configFromEnv({}).mapStyleUrl).toBeUndefined()
    expect(() => configFromEnv({ MAP_STYLE_URL: "javascript:alert(1)" })).toThrow(/MAP_STYLE_URL/)
  })
})
