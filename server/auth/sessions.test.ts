import { createHmac } from "node:crypto"
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

  /** A new account, the server's signing key and the account's session. */
  const signedUp = async () => {
    const user = await signup(app)
    const key = await secret()
    const sessionId = (
      await app.sql(
        (sql) => sql<{ id: string }>`SELECT id FROM refresh_families WHERE user_id = ${user.id} LIMIT 1`,
      )
    )[0].id
    return { user, key, sessionId }
  }

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
    const { user, key, sessionId } = await signedUp()
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

  it("keeps every rule of the token check: its algorithm, key, signature, claims and their types and times", async () => {
    const { user, key, sessionId } = await signedUp()
    const now = Math.floor(Date.now() / 1000)
    const valid = { sid: sessionId, sub: user.id, iat: now, exp: now + 300 }
    const signed = (claims: Record<string, unknown>, header: Record<string, unknown> = {}, with_ = key) =>
      new SignJWT(claims).setProtectedHeader({ alg: "HS256", ...header }).sign(with_)
    const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url")
    const byHand = (header: unknown, claims: unknown) => {
      const input = `${b64(header)}.${b64(claims)}`
      return `${input}.${createHmac("sha256", key).update(input).digest("base64url")}`
    }
    const codeOf = async (token: string) => {
      const res = await me(token)
      return res.status === 200 ? 200 : ((await res.json()) as { code: string }).code
    }
    expect(await codeOf(await signed(valid))).toBe(200)
    expect(await codeOf(await signed({ ...valid, exp: now - 1 }))).toBe("tokenExpired")
    const refused = {
      "another key": await signed(valid, {}, new TextEncoder().encode("another key of enough length")),
      "HS512 with the key": await new SignJWT(valid).setProtectedHeader({ alg: "HS512" }).sign(key),
      "not before a time to come": await signed({ ...valid, nbf: now + 300 }),
      "no issue time": await signed({ sid: sessionId, sub: user.id, exp: now + 300 }),
      "no subject": await signed({ sid: sessionId, iat: now, exp: now + 300 }),
      "an expiry that is not a number": await signed({ ...valid, exp: String(now + 300) }),
      "an issue time that is not a number": await signed({ ...valid, iat: String(now) }),
      // jose refuses to sign it: signed here by hand.
      "a critical extension": byHand({ alg: "HS256", crit: ["x"], x: 1 }, valid),
      "a subject that is not an id": await signed({ ...valid, sub: "someone" }),
    }
    for (const [what, token] of Object.entries(refused))
      expect({ what, code: await codeOf(token) }).toEqual({ what, code: "tokenInvalid" })
    const [header, payload, signature] = (await signed(valid)).split(".")
    for (const token of [
      `${header}.${b64({ ...valid, exp: now + 3000 })}.${signature}`,
      `${header}.${payload}.${signature}=`,
      `${header}.${payload}.${signature.slice(0, -2)}`,
      `${header}.${payload}`,
      `${header}.${payload}.${signature}.${signature}`,
      `${b64({ alg: "none" })}.${payload}.`,
      `${header}.${b64([valid])}.${signature}`,
    ])
      expect({ token, code: await codeOf(token) }).toEqual({ token, code: "tokenInvalid" })
  })
})
