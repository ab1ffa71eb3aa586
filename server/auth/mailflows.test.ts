// Size: the API cases of mailflows, each run on PGlite and PostgreSQL, kept together with the set-up they share.
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { loginCodeAlphabet, loginCodeLength } from "../../src/schema/auth"
import { backends, fromAddress, publicUrl, signup, startTestApp, type TestApp } from "../test/app"

const linkIn = (mail: string) => new URL(/https?:\/\/\S+/.exec(mail)?.[0] ?? "missing-link")

describe.each(backends)("login codes and password reset on %s", (backend) => {
  let app: TestApp
  beforeAll(async () => {
    app = await startTestApp(backend)
  })
  afterAll(() => app?.close())

  /** Whether the account's e-mail counts as proven (users.email_verified_at set). */
  const verified = async (id: string) =>
    (
      await app.sql(
        (sql) => sql<{ v: boolean }>`SELECT email_verified_at IS NOT NULL AS v FROM users WHERE id = ${id}`,
      )
    )[0].v
  // The address confirmation mailed at sign-up is not one of these flows' mails.
  const lastMailTo = (email: string) =>
    app.waitForMail((m) => m.startsWith(`To: ${email}\n`) && !m.includes("/me?confirm="))
  const askCode = (email: string) =>
    app.call("POST", "/api/v2/auth/askLoginCode", { body: { email }, headers: fromAddress() })
  const redeem = (code: string, headers = fromAddress()) =>
    app.call("POST", "/api/v2/auth/loginCode", { body: { code }, headers })

  it("mails a single-use code with a /loginCode link that signs in", async () => {
    const user = await signup(app, {}, { confirmed: false })
    expect((await askCode(user.email)).status).toBe(202)
    const mail = await lastMailTo(user.email)
    expect(mail).toContain("Subject: Votre code de connexion Sillon")
    const link = linkIn(mail)
    expect(`${link.origin}${link.pathname}`).toBe(`${publicUrl}/loginCode`)
    const code = link.searchParams.get("code") ?? ""
    expect(code).toHaveLength(loginCodeLength)
    expect([...code].every((c) => loginCodeAlphabet.includes(c))).toBe(true)
    expect(mail).toContain(code)

    // Signing up proves nothing about the address; using the code mailed to it does.
    expect(await verified(user.id)).toBe(false)
    // Typed by hand: lower case and spaces around are accepted.
    const ok = await redeem(` ${code.toLowerCase()} `)
    expect(ok.status).toBe(200)
    expect(await verified(user.id)).toBe(true)
    const tokens = await ok.json()
    const me = await app.call("GET", "/api/v2/me", { headers: { authorization: `JWT ${tokens.token}` } })
    expect(await me.json()).toMatchObject({ id: user.id })

    const again = await redeem(code)
    expect(again.status).toBe(401)
    expect(await again.json()).toMatchObject({ code: "invalidLoginCode" })
  })

  it("answers an unknown e-mail exactly like a known one and sends nothing", async () => {
    const user = await signup(app)
    await app.waitForMail((m) => m.startsWith(`To: ${user.email}\n`) && m.includes("/me?confirm="))
    const before = (await app.outbox()).length
    const unknown = await askCode("nobody-here@example.org")
    const known = await askCode(user.email)
    await lastMailTo(user.email)
    expect(unknown.status).toBe(known.status)
    expect(await unknown.text()).toBe(await known.text())
    expect((await app.outbox()).length).toBe(before + 1)
  })

  it("refuses an expired code", async () => {
    const user = await signup(app)
    await askCode(user.email)
    const code = linkIn(await lastMailTo(user.email)).searchParams.get("code") ?? ""
    await app.sql((sql) => sql`UPDATE login_codes SET expires_at = now() - interval '1 second'`)
    expect((await redeem(code)).status).toBe(401)
  })

  it("throttles code guessing per address", async () => {
    const address = fromAddress()
    for (let i = 0; i < 10; i++) expect((await redeem(`WRONG${i}CODE`, address)).status).toBe(401)
    const res = await redeem("ANYTHING22", address)
    expect(res.status).toBe(429)
    expect(await res.json()).toMatchObject({ _tag: "TooManyRequests", retryAfterSeconds: expect.any(Number) })
  })

  it("resets the password through the mailed link, once, and ends existing sessions", async () => {
    const user = await signup(app, {}, { confirmed: false })
    const asked = await app.call("POST", "/api/v2/auth/askResetPassword", { body: { email: user.email } })
    expect(asked.status).toBe(202)
    const mail = await lastMailTo(user.email)
    expect(mail).toContain("Subject: Réinitialisation de votre mot de passe Sillon")
    const link = linkIn(mail)
    expect(`${link.origin}${link.pathname}`).toBe(`${publicUrl}/resetPassword`)
    expect(link.searchParams.get("email")).toBe(user.email)
    const token = link.searchParams.get("token") ?? ""

    const reset = (password: string) =>
      app.call("POST", "/api/v2/auth/resetPassword", {
        body: { email: user.email, token, password },
        headers: fromAddress(),
      })
    const weak = await reset("short")
    expect(weak.status).toBe(400)
    expect(await weak.json()).toMatchObject({ code: "weakPassword" })
    expect(await verified(user.id)).toBe(false)
    expect((await reset("a brand new secret")).status).toBeLessThan(300)
    // The reset link reached the address: it is proven.
    expect(await verified(user.id)).toBe(true)
    const second = await reset("yet another secret")
    expect(second.status).toBe(400)
    expect(await second.json()).toMatchObject({ _tag: "BadRequest", code: "invalidResetToken" })

    const login = (password: string) =>
      app.call("POST", "/api/v2/auth/login", {
        body: { email: user.email, password },
        headers: fromAddress(),
      })
    expect((await login(user.password)).status).toBe(401)
    expect((await login("a brand new secret")).status).toBe(200)
    const oldSession = await app.call("GET", "/api/v2/auth/refresh", {
      headers: { "x-refresh-token": user.refreshToken },
    })
    expect(oldSession.status).toBe(401)
  })

  it("a password reset voids the login codes sent before it", async () => {
    const user = await signup(app)
    await askCode(user.email)
    const code = linkIn(await lastMailTo(user.email)).searchParams.get("code") ?? ""
    await app.call("POST", "/api/v2/auth/askResetPassword", { body: { email: user.email } })
    const mail = await app.waitForMail(
      (m) => m.startsWith(`To: ${user.email}\n`) && m.includes("/resetPassword"),
    )
    const token = linkIn(mail).searchParams.get("token") ?? ""
    const reset = await app.call("POST", "/api/v2/auth/resetPassword", {
      body: { email: user.email, token, password: "a brand new secret" },
      headers: fromAddress(),
    })
    expect(reset.status).toBeLessThan(300)
    const late = await redeem(code)
    expect(late.status).toBe(401)
    expect(await late.json()).toMatchObject({ code: "invalidLoginCode" })
  })

  it("is not enumerable and refuses an expired or foreign token", async () => {
    const unknown = await app.call("POST", "/api/v2/auth/askResetPassword", {
      body: { email: "ghost@example.org" },
    })
    expect(unknown.status).toBe(202)
    const user = await signup(app, {}, { confirmed: false })
    const other = await signup(app)
    await app.call("POST", "/api/v2/auth/askResetPassword", { body: { email: user.email } })
    const token = linkIn(await lastMailTo(user.email)).searchParams.get("token") ?? ""
    const reset = (email: string) =>
      app.call("POST", "/api/v2/auth/resetPassword", {
        body: { email, token, password: "a brand new secret" },
        headers: fromAddress(),
      })
    expect((await reset(other.email)).status).toBe(400)
    await app.sql((sql) => sql`UPDATE reset_tokens SET expires_at = now() - interval '1 second'`)
    expect((await reset(user.email)).status).toBe(400)
    expect(await verified(user.id)).toBe(false)
  })
})
