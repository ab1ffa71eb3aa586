import { request } from "node:http"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { startServer } from "../app"
import { configFromEnv } from "../config"
import { freshDatabase, type TestDatabase } from "../test/databases"

/** Raw HTTP, so the test controls framing (content-length, chunked) as a real client would. */
const send = (url: string, path: string, body: string, headers: Record<string, string>) =>
  new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = request(`${url}${path}`, { method: "POST", headers }, (res) => {
      let data = ""
      res.on("data", (c) => {
        data += c
      })
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: data }))
    })
    req.on("error", reject)
    req.end(body)
  })

describe("listening server", () => {
  let db: TestDatabase
  let server: Awaited<ReturnType<typeof startServer>>
  beforeAll(async () => {
    db = await freshDatabase("pglite")
    server = await startServer({
      port: 0,
      host: "127.0.0.1",
      dataDir: db.dataDir,
      databaseUrl: undefined,
      smtpUrl: undefined,
      publicUrl: "http://sillon.test",
      accessTokenTtlSeconds: 900,
      seedDemo: true,
      demoTelemetryDays: 0,
      jwtSecret: undefined,
      trustProxy: false,
      distDir: db.dataDir,
      adminEmails: [],
      vegetation: configFromEnv({}).vegetation,
    })
  })
  afterAll(async () => {
    await server?.close()
    await db?.drop()
  })

  it("listens on a free port and signs the seeded demo user in", async () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    const health = await fetch(`${server.url}/api/health`)
    expect(await health.json()).toEqual({ status: "ok", db: "pglite" })
    const login = await fetch(`${server.url}/api/v2/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "demo@sillon.test", password: "sillon-demo" }),
    })
    expect(login.status).toBe(200)
    const { token } = await login.json()
    const me = await (
      await fetch(`${server.url}/api/v2/me`, { headers: { authorization: `JWT ${token}` } })
    ).json()
    expect(me.address?.city).toBeTruthy()
  })

  it("answers malformed JSON with 400 and an oversized body with 413", async () => {
    const json = { "content-type": "application/json" }
    const malformed = await send(server.url, "/api/v2/auth/login", '{"email": "a@b', json)
    expect(malformed.status).toBe(400)
    expect(JSON.parse(malformed.body)).toMatchObject({ _tag: "BadRequest", code: "badRequest" })
    const big = JSON.stringify({ email: "a@b.org", password: "x".repeat(70_000) })
    const tooLarge = await send(server.url, "/api/v2/auth/login", big, {
      ...json,
      "content-length": String(big.length),
    })
    expect(tooLarge.status).toBe(413)
    expect(JSON.parse(tooLarge.body)).toMatchObject({ _tag: "PayloadTooLarge" })
  })
})
