import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { backends, startTestApp, type TestApp } from "../test/app"

describe.each(backends)("client address behind a trusted proxy on %s", (backend) => {
  let app: TestApp
  beforeAll(async () => {
    app = await startTestApp(backend, { trustProxy: true })
  })
  afterAll(() => app?.close())

  const redeem = (forwardedFor: string) =>
    app.call("POST", "/api/v2/auth/loginCode", {
      body: { code: "WRONGCODE1" },
      headers: { "x-forwarded-for": forwardedFor },
    })

  it("throttles by the address the proxy appended, whatever the client put before it", async () => {
    for (let i = 0; i < 10; i++) expect((await redeem(`192.0.2.${i}, 203.0.113.7`)).status).toBe(401)
    expect((await redeem("192.0.2.99, 203.0.113.7")).status).toBe(429)
    expect((await redeem("203.0.113.7")).status).toBe(429)
    // The same forged first entry from another client is counted apart.
    expect((await redeem("192.0.2.1, 203.0.113.8")).status).toBe(401)
  })
})
