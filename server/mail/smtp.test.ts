import { createServer } from "node:net"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { backends, eventually, fromAddress, signup, startTestApp, type TestApp } from "../test/app"
import { startSmtpSink } from "../test/smtpSink"

/** Quoted-printable soft line breaks and escapes undone, so the link can be read back. */
const decodeQuotedPrintable = (text: string) =>
  text
    .replace(/=\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(Number.parseInt(hex, 16)))

/** A local port nothing listens on: connections to it are refused. */
const closedPort = async () => {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const address = server.address()
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return typeof address === "object" && address ? address.port : 1
}

describe("e-mail over SMTP", () => {
  let app: TestApp
  let sink: Awaited<ReturnType<typeof startSmtpSink>>
  beforeAll(async () => {
    sink = await startSmtpSink()
    app = await startTestApp("postgres", { smtpUrl: sink.url })
  })
  afterAll(async () => {
    await app?.close()
    await sink?.close()
  })

  it("sends the login code through SMTP_URL and writes no outbox file", async () => {
    const user = await signup(app)
    const res = await app.call("POST", "/api/v2/auth/askLoginCode", { body: { email: user.email } })
    expect(res.status).toBe(202)
    const message = decodeQuotedPrintable(
      await eventually(() => sink.messages.find((m) => decodeQuotedPrintable(m).includes("/loginCode"))),
    )
    expect(message).toContain(`To: ${user.email}`)
    expect(message).toMatch(/http:\/\/sillon\.test\/loginCode\?code=[A-Z0-9]{10}/)
    expect(await app.outbox()).toEqual([])
  })
})

describe.each(backends)("e-mail to an SMTP server that refuses connections, on %s", (backend) => {
  let app: TestApp
  beforeAll(async () => {
    app = await startTestApp(backend, { smtpUrl: `smtp://127.0.0.1:${await closedPort()}` })
  })
  afterAll(() => app?.close())

  it("answers 202 alike for existing and unknown accounts", async () => {
    const user = await signup(app)
    for (const path of ["/api/v2/auth/askLoginCode", "/api/v2/auth/askResetPassword"]) {
      const known = await app.call("POST", path, { body: { email: user.email }, headers: fromAddress() })
      const unknown = await app.call("POST", path, {
        body: { email: "nobody-here@example.org" },
        headers: fromAddress(),
      })
      expect([known.status, unknown.status]).toEqual([202, 202])
      expect(await known.text()).toBe(await unknown.text())
    }
    expect((await app.call("GET", "/api/health")).status).toBe(200)
  })
})
