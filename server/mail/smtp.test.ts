import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { signup, startTestApp, type TestApp } from "../test/app"
import { startSmtpSink } from "../test/smtpSink"

/** Quoted-printable soft line breaks and escapes undone, so the link can be read back. */
const decodeQuotedPrintable = (text: string) =>
  text
    .replace(/=\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(Number.parseInt(hex, 16)))

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
    expect(sink.messages).toHaveLength(1)
    const message = decodeQuotedPrintable(sink.messages[0])
    expect(message).toContain(`To: ${user.email}`)
    expect(message).toMatch(/http:\/\/sillon\.test\/loginCode\?code=[A-Z0-9]{10}/)
    expect(await app.outbox()).toEqual([])
  })
})
