import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { backends, startTestApp, type TestApp } from "../test/app"

describe.each(backends)("health on %s", (backend) => {
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
})
