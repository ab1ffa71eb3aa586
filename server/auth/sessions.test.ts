import { SignJWT } from "jose"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { backends, fromAddress, signup, startTestApp, type TestApp } from "../test/app"
import { clusterInput, createCluster, send } from "../test/clusters"

/** Issue 10: access tokens can be revoked, and a token outliving its account is refused, never a 500. */
describe.each(backends)("sessions and access-token revocation on %s", (backend) => {
  let app: TestApp
  beforeAll(async () => {
    app = await startTestApp(backend)
  })
  afterAll(() => app?.close())

  const me = (token: string) => app.call("GET", "/api/v2/me", { headers: { authorization: `JWT ${token}` } })
  const login = async (email: string, password: string) => {
    const res = await app.call("POST", "/api/v2/auth/login", {
      body: { email, password, rememberMe: true },
      headers: fromAddress(),
    })
    return (await res.json()) as { token: string; refreshToken: string }
  }
  const secret = async () =>
    new TextEncoder().encode(
      (await app.sql((sql) => sql<{ value: string }>`SELECT value FROM server_keys WHERE name = 'jwt'`))[0]
        .value,
    )

  it("logout ends this session at once (its access token too) and leaves the others", async () => {
    const user = await signup(app)
    const laptop = await login(user.email, user.password)
    const phone = await login(user.email, user.password)
    const out = await app.call("GET", "/api/v2/auth/logout", {
      headers: { "x-refresh-token": laptop.refreshToken },
    })
    expect(out.status).toBe(204)
    const refused = await me(laptop.token)
    expect(refused.status).toBe(401)
    // Answered like an expired token: the client refreshes, which this session now refuses.
    expect(await refused.json()).toMatchObject({ code: "tokenExpired", message: "Token has expired" })
    const again = await app.call("GET", "/api/v2/auth/refresh", {
      headers: { "x-refresh-token": laptop.refreshToken },
    })
    expect(again.status).toBe(401)
    expect((await me(phone.token)).status).toBe(200)
  })

  it("signing out everywhere ends every session of the account, and only of that account", async () => {
    const user = await signup(app)
    const other = await signup(app)
    const phone = await login(user.email, user.password)
    const res = await app.call("DELETE", "/api/v2/me/sessions", { headers: user.auth })
    expect(res.status).toBe(204)
    for (const token of [user.jwt, phone.token]) expect((await me(token)).status).toBe(401)
    for (const refreshToken of [user.refreshToken, phone.refreshToken])
      expect(
        (await app.call("GET", "/api/v2/auth/refresh", { headers: { "x-refresh-token": refreshToken } }))
          .status,
      ).toBe(401)
    expect((await me(other.jwt)).status).toBe(200)
    // The password still signs in: a new session.
    expect((await me((await login(user.email, user.password)).token)).status).toBe(200)
  })

  it("a token whose account no longer exists answers 401 tokenInvalid, not 500, on every call", async () => {
    const owner = await signup(app)
    const clusterId = await createCluster(app, owner)
    const gone = await signup(app)
    await app.sql((sql) => sql`DELETE FROM users WHERE id = ${gone.id}`)
    for (const [method, path, body] of [
      ["GET", "/api/v2/me", undefined],
      ["PUT", "/api/v2/me", { edit: { firstname: "Nobody" } }],
      ["POST", "/api/v2/clusters", clusterInput()],
      ["POST", `/api/v2/clusters/${clusterId}/requests`, { role: "member" }],
    ] as const) {
      const res = await send(app, gone, method, path, body)
      expect({ path, ...res }).toMatchObject({ path, status: 401, body: { code: "tokenInvalid" } })
    }
  })

  it("refuses a token signed with the key but without an expiry, without a session, or with another algorithm", async () => {
    const user = await signup(app)
    const key = await secret()
    const sessionId = (
      await app.sql(
        (sql) => sql<{ id: string }>`SELECT id FROM refresh_families WHERE user_id = ${user.id} LIMIT 1`,
      )
    )[0].id
    const noExp = await new SignJWT({ sid: sessionId })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(user.id)
      .setIssuedAt()
      .sign(key)
    const noExpRes = await me(noExp)
    expect(noExpRes.status).toBe(401)
    expect(await noExpRes.json()).toMatchObject({ code: "tokenInvalid" })
    const forged = await new SignJWT({ sid: "00000000-0000-4000-8000-000000000000" })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(user.id)
      .setIssuedAt()
      .setExpirationTime("5m")
      .sign(key)
    expect((await me(forged)).status).toBe(401)
    const [header, payload] = user.jwt.split(".")
    const none = `${Buffer.from(JSON.stringify({ alg: "none" })).toString("base64url")}.${payload}.`
    expect((await me(none)).status).toBe(401)
    expect((await me(`${header}.${payload}.AAAA`)).status).toBe(401)
  })
})
