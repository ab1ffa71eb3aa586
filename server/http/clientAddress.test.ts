import type { HttpServerRequest } from "@effect/platform"
import { Option } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type AppConfig, configFromEnv } from "../config"
import { backends, startTestApp, type TestApp } from "../test/app"
import { clientAddress } from "./clientAddress"

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

describe("which X-Forwarded-For entry is the client", () => {
  const request = (peer: string, forwarded?: string) =>
    ({
      remoteAddress: Option.some(peer),
      headers: forwarded === undefined ? {} : { "x-forwarded-for": forwarded },
    }) as unknown as HttpServerRequest.HttpServerRequest
  const address = (trustProxy: AppConfig["trustProxy"], peer: string, forwarded?: string) =>
    clientAddress(request(peer, forwarded), { ...configFromEnv({}), trustProxy })

  it("by default believes a proxy on this host or a private network, never a peer on the internet", () => {
    const byDefault = configFromEnv({}).trustProxy
    // A reverse proxy on the same host: each person is counted apart, not all as 127.0.0.1.
    expect(address(byDefault, "127.0.0.1", "198.51.100.7")).toBe("198.51.100.7")
    expect(address(byDefault, "::ffff:10.1.2.3", "198.51.100.8")).toBe("198.51.100.8")
    // A client on the internet cannot choose the address it is counted under.
    expect(address(byDefault, "203.0.113.9", "198.51.100.7")).toBe("203.0.113.9")
    // Through two proxies, the first untrusted hop is the client; what it wrote before is ignored.
    expect(address(byDefault, "127.0.0.1", "1.1.1.1, 198.51.100.7, 10.0.0.2")).toBe("198.51.100.7")
    expect(address(byDefault, "127.0.0.1")).toBe("127.0.0.1")
  })

  it("reads TRUST_PROXY as 0 (never), 1 (one proxy, any peer) or a list of addresses and blocks", () => {
    expect(address(configFromEnv({ TRUST_PROXY: "0" }).trustProxy, "127.0.0.1", "198.51.100.7")).toBe(
      "127.0.0.1",
    )
    expect(
      address(configFromEnv({ TRUST_PROXY: "1" }).trustProxy, "203.0.113.9", "1.1.1.1, 198.51.100.7"),
    ).toBe("198.51.100.7")
    const listed = configFromEnv({ TRUST_PROXY: "203.0.113.0/24, 2001:db8::1" }).trustProxy
    expect(address(listed, "203.0.113.9", "198.51.100.7")).toBe("198.51.100.7")
    expect(address(listed, "2001:db8::1", "198.51.100.5")).toBe("198.51.100.5")
    expect(address(listed, "127.0.0.1", "198.51.100.7")).toBe("127.0.0.1")
    expect(() => configFromEnv({ TRUST_PROXY: "not-an-address" })).toThrow(/TRUST_PROXY/)
  })
})
