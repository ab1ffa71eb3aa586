import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { backends, eventually, fromAddress, signup, startTestApp, type TestApp } from "../test/app"
import { createCluster, send } from "../test/clusters"
import { invite, linkIn } from "../test/membership"

const jwt = (token: string) => ({ authorization: `JWT ${token}` })

/** Issue 10, cases 1 to 3: nothing hangs on an address until its owner proves it. */
describe.each(backends)("an address grants nothing until it is proven, on %s", (backend) => {
  let app: TestApp
  let n = 0
  const listed = `chef-${backend}-${Date.now()}@example.org`
  beforeAll(async () => {
    app = await startTestApp(backend, { adminEmails: [listed] })
  })
  afterAll(() => app?.close())

  const newest = (email: string, text: string) =>
    app.waitForMail((m) => m.startsWith(`To: ${email}\n`) && m.includes(text))
  /** The owner signs in with a login code mailed to the address (signed out, from another device). */
  const ownerSignsInWithCode = async (email: string) => {
    await app.call("POST", "/api/v2/auth/askLoginCode", { body: { email }, headers: fromAddress() })
    const code = linkIn(await newest(email, "/loginCode")).searchParams.get("code") ?? ""
    const res = await app.call("POST", "/api/v2/auth/loginCode", { body: { code }, headers: fromAddress() })
    expect(res.status).toBe(200)
    return (await res.json()) as { token: string; refreshToken: string }
  }
  const refresh = (refreshToken: string) =>
    app.call("GET", "/api/v2/auth/refresh", { headers: { "x-refresh-token": refreshToken } })
  const login = (email: string, password: string) =>
    app.call("POST", "/api/v2/auth/login", { body: { email, password }, headers: fromAddress() })
  const adminUsers = (token: string) => app.call("GET", "/api/v2/admin/users", { headers: jwt(token) })

  it("an ADMIN_EMAILS address signed up by someone else: the owner's login code voids that sign-up's password and sessions", async () => {
    const m = await signup(app, { email: listed, password: "attacker password" }, { confirmed: false })
    expect((await adminUsers(m.jwt)).status).toBe(403)
    const owner = await ownerSignsInWithCode(listed)
    // The owner is now an administrator; the sign-up's token, refresh token and password give nothing.
    expect((await adminUsers(owner.token)).status).toBe(200)
    const stale = await adminUsers(m.jwt)
    expect(stale.status).toBe(401)
    expect(await stale.json()).toMatchObject({ _tag: "Unauthorized", code: "tokenExpired" })
    expect((await refresh(m.refreshToken)).status).toBe(401)
    expect((await login(listed, "attacker password")).status).toBe(401)
    // The owner's own session goes on.
    expect((await refresh(owner.refreshToken)).status).toBe(200)
  })

  it("a password reset ends every session at once, access tokens included", async () => {
    const m = await signup(app, {}, { confirmed: false })
    expect((await app.call("GET", "/api/v2/me", { headers: m.auth })).status).toBe(200)
    await app.call("POST", "/api/v2/auth/askResetPassword", {
      body: { email: m.email },
      headers: fromAddress(),
    })
    const token = linkIn(await newest(m.email, "/resetPassword")).searchParams.get("token")
    const reset = await app.call("POST", "/api/v2/auth/resetPassword", {
      body: { email: m.email, token, password: "owner's new password" },
      headers: fromAddress(),
    })
    expect(reset.status).toBe(204)
    const after = await app.call("GET", "/api/v2/me", { headers: m.auth })
    expect(after.status).toBe(401)
    expect((await refresh(m.refreshToken)).status).toBe(401)
    expect((await login(m.email, "owner's new password")).status).toBe(200)
  })

  it("an invitation to an address someone else signed up first is neither shown nor answerable by them", async () => {
    const admin = await signup(app, { firstname: "Ada" })
    const clusterId = await createCluster(app, admin, { name: `CUMA ${++n}` })
    const m = await signup(app, {}, { confirmed: false })
    const sent = await invite(app, admin, clusterId, m.email)
    expect(sent.status).toBe(201)
    expect((await send(app, m, "GET", "/api/v2/me/invitations")).body).toEqual([])
    const notes = (await send(app, m, "GET", "/api/v2/notifications")).body as Array<{ kind: string }>
    expect(notes.filter((x) => x.kind === "invitationReceived")).toEqual([])
    const accept = await send(app, m, "POST", `/api/v2/invitations/${sent.body.id}/accept`)
    expect(accept).toMatchObject({ status: 403, body: { code: "emailNotConfirmed" } })
    expect((await send(app, m, "POST", `/api/v2/invitations/${sent.body.id}/decline`)).status).toBe(403)
    expect((await send(app, m, "GET", `/api/v2/clusters/${clusterId}/users`)).status).toBe(404)
    // The invitation is still open for the address's real owner.
    const listed = await send(app, admin, "GET", `/api/v2/clusters/${clusterId}/invitations`)
    expect(listed.body[0]).toMatchObject({ id: sent.body.id, status: "sent" })
  })

  it("a person who signed up with their own address enters the mailed code and just continues", async () => {
    const me = await signup(app, {}, { confirmed: false })
    const mail = await newest(me.email, "/me?confirm=")
    expect(mail).toContain("Subject: Confirmez votre adresse e-mail Sillon")
    const code = linkIn(mail).searchParams.get("confirm") ?? ""
    const wrong = await send(app, me, "POST", "/api/v2/me/email/confirm", { code: "AAAAAAAAAA" })
    expect(wrong).toMatchObject({ status: 400, body: { code: "invalidConfirmationCode" } })
    const ok = await send(app, me, "POST", "/api/v2/me/email/confirm", { code: code.toLowerCase() })
    expect(ok).toMatchObject({ status: 200, body: { id: me.id, emailConfirmed: true } })
    // Password and session stand; the code is used up; invitations now reach the person.
    expect((await app.call("GET", "/api/v2/me", { headers: me.auth })).status).toBe(200)
    expect((await login(me.email, me.password)).status).toBe(200)
    expect((await send(app, me, "POST", "/api/v2/me/email/confirm", { code })).status).toBe(400)
    const admin = await signup(app)
    const clusterId = await createCluster(app, admin, { name: `CUMA ${++n}` })
    const sent = await invite(app, admin, clusterId, me.email)
    expect((await send(app, me, "GET", "/api/v2/me/invitations")).body).toHaveLength(1)
    expect((await send(app, me, "POST", `/api/v2/invitations/${sent.body.id}/accept`)).status).toBe(200)
  })

  it("a code mailed to one account proves nothing for another, and asking again mails a fresh one", async () => {
    const a = await signup(app, {}, { confirmed: false })
    const b = await signup(app, {}, { confirmed: false })
    const codeOfA = linkIn(await newest(a.email, "/me?confirm=")).searchParams.get("confirm")
    expect((await send(app, b, "POST", "/api/v2/me/email/confirm", { code: codeOfA })).status).toBe(400)
    expect((await send(app, b, "GET", "/api/v2/me")).body.emailConfirmed).toBe(false)
    expect((await send(app, b, "POST", "/api/v2/me/email/askConfirmation")).status).toBe(202)
    const mailsToB = async () => (await app.outbox()).filter((m) => m.startsWith(`To: ${b.email}\n`))
    const both = await eventually(async () =>
      (await mailsToB()).length === 2 ? await mailsToB() : undefined,
    )
    expect(linkIn(both[1]).searchParams.get("confirm")).not.toBe(linkIn(both[0]).searchParams.get("confirm"))
  })
})
