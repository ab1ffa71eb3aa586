import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { backends, signup, startTestApp, type TestApp } from "../test/app"

describe.each(backends)("health, contract and faults on %s", (backend) => {
  let app: TestApp
  beforeAll(async () => {
    app = await startTestApp(backend)
  })
  afterAll(() => app?.close())

  it("answers ok with the database kind", async () => {
    const res = await app.call("GET", "/api/health")
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ status: "ok", db: backend })
  })

  it("publishes the OpenAPI document of the contract", async () => {
    const res = await app.call("GET", "/api/openapi.json")
    expect(res.status).toBe(200)
    const spec = await res.json()
    expect(spec.info.title).toBe("Sillon API")
    expect(Object.keys(spec.paths)).toEqual(
      expect.arrayContaining([
        "/api/health",
        "/api/v2/auth/login",
        "/api/v2/auth/loginCode",
        "/api/v2/auth/askLoginCode",
        "/api/v2/auth/refresh",
        "/api/v2/auth/logout",
        "/api/v2/auth/askResetPassword",
        "/api/v2/auth/resetPassword",
        "/api/v1/auth",
        "/api/v1/signup",
        "/api/v2/me",
        "/api/v2/me/delegatedUsers",
      ]),
    )
  })

  it("serves a browsable docs page with its scripts inline, nothing from a CDN", async () => {
    const res = await app.call("GET", "/api/docs")
    expect(res.status).toBe(200)
    const html = await res.text()
    expect(html).toContain("SwaggerUIBundle")
    expect(html).not.toMatch(/<script[^>]+src=|<link[^>]+href="https?:/)
  })

  it("answers unknown API paths with 404 JSON", async () => {
    for (const [method, path] of [
      ["GET", "/api/v2/nothing"],
      ["POST", "/api/v9/x"],
    ]) {
      const res = await app.call(method, path)
      expect(res.status).toBe(404)
      expect(res.headers.get("cache-control")).toBe("no-store")
      expect(await res.json()).toMatchObject({ _tag: "NotFound", code: "notFound" })
    }
  })

  it("says the client is not built when dist/ is missing", async () => {
    const res = await app.call("GET", "/home")
    expect(res.status).toBe(503)
    expect(await res.text()).toContain("not built")
  })

  it("turns an infrastructure fault into a generic 500 without details", async () => {
    const user = await signup(app)
    await app.sql((sql) => sql`DROP TABLE delegations`)
    const res = await app.call("GET", "/api/v2/me/delegatedUsers", { headers: user.auth })
    expect(res.status).toBe(500)
    const text = await res.text()
    expect(JSON.parse(text)).toEqual({
      _tag: "InternalError",
      code: "generic",
      message: "Une Erreur est survenue, veuillez réessayer plus tard.",
    })
    expect(text).not.toMatch(/delegations|at |\.ts/)
  })
})

describe("built client", () => {
  let app: TestApp
  let dist: string
  const script = `console.log(${JSON.stringify("Sillon ".repeat(300))})`
  const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3])
  beforeAll(async () => {
    dist = await mkdtemp(join(tmpdir(), "sillon-dist-"))
    await mkdir(join(dist, "assets"))
    await writeFile(join(dist, "index.html"), "<!doctype html><title>Sillon</title>")
    await writeFile(join(dist, "assets", "index-abc123.js"), "console.log(1)")
    await writeFile(join(dist, "sw.js"), "self")
    // What the build writes beside a text file: its brotli and gzip forms.
    await writeFile(join(dist, "assets", "app-def456.js"), script)
    await writeFile(join(dist, "assets", "app-def456.js.br"), brotliCompressSync(script))
    await writeFile(join(dist, "assets", "app-def456.js.gz"), gzipSync(script))
    await writeFile(join(dist, "assets", "only-gzip-1.css"), "body{}")
    await writeFile(join(dist, "assets", "only-gzip-1.css.gz"), gzipSync("body{}"))
    await writeFile(join(dist, "logo.png"), png)
    await writeFile(join(dist, "logo.png.br"), brotliCompressSync(png))
    app = await startTestApp("pglite", { distDir: dist })
  })
  afterAll(async () => {
    await app?.close()
    await rm(dist, { recursive: true, force: true })
  })

  it("serves hashed assets as immutable and the rest as no-cache", async () => {
    const asset = await app.call("GET", "/assets/index-abc123.js")
    expect(asset.status).toBe(200)
    expect(asset.headers.get("content-type")).toContain("javascript")
    expect(asset.headers.get("cache-control")).toContain("immutable")
    const sw = await app.call("GET", "/sw.js")
    expect(sw.headers.get("cache-control")).toBe("no-cache")
  })

  it("sends the build's brotli or gzip form of a file to a browser that accepts it, the file itself otherwise", async () => {
    const get = (path: string, acceptEncoding?: string) =>
      app.call("GET", path, { headers: acceptEncoding ? { "accept-encoding": acceptEncoding } : {} })
    const bytes = async (res: Response) => Buffer.from(await res.arrayBuffer())

    const br = await get("/assets/app-def456.js", "gzip, deflate, br, zstd")
    expect(br.headers.get("content-encoding")).toBe("br")
    expect(br.headers.get("vary")).toBe("accept-encoding")
    expect(br.headers.get("content-type")).toContain("javascript")
    expect(br.headers.get("cache-control")).toContain("immutable")
    expect(brotliDecompressSync(await bytes(br)).toString()).toBe(script)

    const gz = await get("/assets/app-def456.js", "gzip;q=1, br;q=0")
    expect(gz.headers.get("content-encoding")).toBe("gzip")
    expect(gunzipSync(await bytes(gz)).toString()).toBe(script)

    // brotli accepted but not built for this file: its gzip form.
    const css = await get("/assets/only-gzip-1.css", "br, gzip")
    expect(css.headers.get("content-encoding")).toBe("gzip")
    expect(gunzipSync(await bytes(css)).toString()).toBe("body{}")

    for (const refused of [undefined, "identity", "br;q=0, gzip;q=0", "*;q=0", "deflate"]) {
      const plain = await get("/assets/app-def456.js", refused)
      expect(plain.headers.get("content-encoding")).toBeNull()
      expect((await bytes(plain)).toString()).toBe(script)
    }
    // `*` accepts what is not refused by name.
    expect((await get("/assets/app-def456.js", "*, br;q=0")).headers.get("content-encoding")).toBe("gzip")
    // An image is sent as it is (it is compressed already), whatever lies beside it.
    const image = await get("/logo.png", "br")
    expect(image.headers.get("content-encoding")).toBeNull()
    expect(await bytes(image)).toEqual(png)
  })

  it("falls back to index.html for client routes, not for missing assets or API paths", async () => {
    for (const path of ["/", "/machines/42", "/signin?goto=%2Fme"]) {
      const res = await app.call("GET", path)
      expect(res.status).toBe(200)
      expect(res.headers.get("cache-control")).toBe("no-cache")
      expect(await res.text()).toContain("<title>Sillon</title>")
    }
    expect((await app.call("GET", "/assets/gone-123.js")).status).toBe(404)
    expect((await app.call("GET", "/api/unknown")).headers.get("content-type")).toContain("json")
    const traversal = await app.call("GET", "/%2e%2e/%2e%2e/%2e%2e/etc/passwd")
    expect(await traversal.text()).not.toContain("root:")
  })

  it("answers /api itself with 404 JSON, not the client page", async () => {
    for (const [method, path] of [
      ["GET", "/api"],
      ["GET", "/api/"],
      ["GET", "/api?x=1"],
      ["POST", "/api"],
    ]) {
      const res = await app.call(method, path)
      expect(res.status).toBe(404)
      expect(await res.json()).toMatchObject({ _tag: "NotFound", code: "notFound" })
    }
  })
})
