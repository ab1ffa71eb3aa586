// Size: the API cases of signin, each run on PGlite and PostgreSQL, kept together with the set-up they share.
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { backends, fromAddress, signup, startTestApp, type TestApp } from "../test/app"

describe.each(backends)("sign-in and sessions on %s", (backend) => {
  let app: TestApp
  beforeAll(async () => {
    app = await startTestApp(backend)
  })
  afterAll(() => app?.close())

  const login = (email: string, password: string, headers = fromAddress()) =>
    app.call("POST", "/api/v2/auth/login", { body: { email, password, rememberMe: true }, headers })

  it("signs up (legacy), then signs in with v2 and v1, and the token opens /me", async () => {
    const user = await signup(app, { email: "  Mixed.Case@Example.org " })
    expect(user.jwt).toBeTruthy()
    const v2 = await login("mixed.case@example.org", user.password)
    expect(v2.status).toBe(200)
    const tokens = await v2.json()
    expect(Object.keys(tokens).sort()).toEqual(["refreshToken", "token"])
    const v1 = await app.call("POST", "/api/v1/auth", {
      body: { user: { email: "MIXED.case@example.org", password: user.password } },
      headers: fromAddress(),
    })
    expect(v1.status).toBe(200)
    expect(await v1.json()).toMatchObject({ id: user.id, jwt: expect.any(String) })
    const me = await app.call("GET", "/api/v2/me", { headers: { authorization: `JWT ${tokens.token}` } })
    expect(me.status).toBe(200)
    expect(await me.json()).toMatchObject({
      id: user.id,
      email: "mixed.case@example.org",
      language: "fr",
      address: null,
    })
    const bearer = await app.call("GET", "/api/v2/me", {
      headers: { authorization: `Bearer ${tokens.token}` },
    })
    expect(bearer.status).toBe(200)
  })

  it("refuses a second account with the same e-mail: 409 emailTaken", async () => {
    const user = await signup(app)
    const res = await app.call("POST", "/api/v1/signup", {
      body: { newUser: { email: user.email, password: "another one", firstname: "B", lastname: "C" } },
    })
    expect(res.status).toBe(409)
    expect(await res.json()).toMatchObject({ _tag: "Conflict", code: "emailTaken" })
  })

  it("answers a wrong password and an unknown account alike: 401 with the message", async () => {
    const user = await signup(app)
    for (const res of [
      await login(user.email, "wrong password"),
      await login("nobody@example.org", "whatever"),
    ]) {
      expect(res.status).toBe(401)
      expect(await res.json()).toEqual({
        _tag: "Unauthorized",
        code: "invalidCredentials",
        message: "Adresse email ou mot de passe incorrect",
      })
    }
  })

  it("throttles an account after 10 failures, even with the right password, from any address", async () => {
    const user = await signup(app)
    for (let i = 0; i < 10; i++) expect((await login(user.email, `wrong ${i}`)).status).toBe(401)
    const blocked = await login(user.email, user.password)
    expect(blocked.status).toBe(429)
    const body = await blocked.json()
    expect(body).toMatchObject({ _tag: "TooManyRequests", code: "tooManyAttempts" })
    expect(body.retryAfterSeconds).toBeGreaterThan(0)
    expect(body.retryAfterSeconds).toBeLessThanOrEqual(15 * 60)
    // Another account is not affected.
    const other = await signup(app)
    expect((await login(other.email, other.password)).status).toBe(200)
  })

  it("lets at most 10 of 30 simultaneous wrong passwords reach the check; the others get 429", async () => {
    const user = await signup(app)
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => login(user.email, `wrong ${i}`)))
    const statuses = answers.map((res) => res.status)
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(10)
    expect(statuses.filter((s) => s !== 401 && s !== 429)).toEqual([])
    expect((await login(user.email, user.password)).status).toBe(429)
  })

  it("throttles a client address that tries many accounts", async () => {
    const address = fromAddress()
    // Batches of parallel guesses keep the test quick; the count is exact once each batch has landed.
    for (let batch = 0; batch < 5; batch++) {
      const guesses = Array.from({ length: 10 }, (_, i) =>
        login(`guess${batch}-${i}@example.org`, "x", address),
      )
      for (const res of await Promise.all(guesses)) expect(res.status).toBe(401)
    }
    const user = await signup(app)
    expect((await login(user.email, user.password, address)).status).toBe(429)
    expect((await login(user.email, user.password)).status).toBe(200)
  })

  it("limits sign-ups from one address", async () => {
    const address = fromAddress()
    const attempt = (i: number) =>
      app.call("POST", "/api/v1/signup", {
        body: {
          newUser: {
            email: `bulk${i}-${backend}@example.org`,
            password: "long enough",
            firstname: "A",
            lastname: "B",
          },
        },
        headers: address,
      })
    for (let i = 0; i < 20; i++) expect((await attempt(i)).status).toBe(201)
    const refused = await attempt(20)
    expect(refused.status).toBe(429)
    expect(await refused.json()).toMatchObject({ _tag: "TooManyRequests" })
  })

  it("refuses a request without a token or with a forged one: 401", async () => {
    const none = await app.call("GET", "/api/v2/me")
    expect(none.status).toBe(401)
    expect(await none.json()).toMatchObject({ _tag: "Unauthorized" })
    const forged = await app.call("GET", "/api/v2/me", { headers: { authorization: "JWT abc.def.ghi" } })
    expect(forged.status).toBe(401)
    expect(await forged.json()).toMatchObject({ code: "tokenInvalid" })
  })

  const refresh = (token: string) =>
    app.call("GET", "/api/v2/auth/refresh", { headers: { "x-refresh-token": token } })

  it("rotates the refresh token at each use; the new access token works", async () => {
    const user = await signup(app)
    const first = await refresh(user.refreshToken)
    expect(first.status).toBe(200)
    const next = await first.json()
    expect(next.refreshToken).not.toBe(user.refreshToken)
    const me = await app.call("GET", "/api/v2/me", { headers: { authorization: `JWT ${next.token}` } })
    expect(me.status).toBe(200)
    expect((await refresh(next.refreshToken)).status).toBe(200)
  })

  it("revokes the whole family when a used refresh token is presented again", async () => {
    const user = await signup(app)
    const rotated = await (await refresh(user.refreshToken)).json()
    const reuse = await refresh(user.refreshToken)
    expect(reuse.status).toBe(401)
    expect(await reuse.json()).toMatchObject({ _tag: "Unauthorized", code: "refreshInvalid" })
    // The legitimate newer token of the same family is dead too.
    expect((await refresh(rotated.refreshToken)).status).toBe(401)
  })

  it("logout revokes the refresh token's family; other sessions live on", async () => {
    const user = await signup(app)
    const other = await (
      await app.call("POST", "/api/v2/auth/login", { body: { email: user.email, password: user.password } })
    ).json()
    const out = await app.call("GET", "/api/v2/auth/logout", {
      headers: { "x-refresh-token": user.refreshToken },
    })
    expect(out.status).toBeLessThan(300)
    expect((await refresh(user.refreshToken)).status).toBe(401)
    expect((await refresh(other.refreshToken)).status).toBe(200)
    expect((await app.call("GET", "/api/v2/auth/logout")).status).toBeLessThan(300)
  })

  it("refuses an unknown refresh token", async () => {
    expect((await refresh("not-a-token")).status).toBe(401)
  })
})

describe.each(backends)("expired access token on %s", (backend) => {
  let app: TestApp
  beforeAll(async () => {
    app = await startTestApp(backend, { accessTokenTtlSeconds: 1 })
  })
  afterAll(() => app?.close())

  it("answers 401 'Token has expired' once the token aged, and refresh gives a working one", async () => {
    const user = await signup(app)
    // jose compares whole seconds: past 2 s the 1-second token is certainly expired.
    await new Promise((r) => setTimeout(r, 2100))
    const res = await app.call("GET", "/api/v2/me", { headers: user.auth })
    expect(res.status).toBe(401)
    expect(await res.json()).toEqual({
      _tag: "Unauthorized",
      code: "tokenExpired",
      message: "Token has expired",
    })
    const next = await (
      await app.call("GET", "/api/v2/auth/refresh", { headers: { "x-refresh-token": user.refreshToken } })
    ).json()
    expect(
      (await app.call("GET", "/api/v2/me", { headers: { authorization: `JWT ${next.token}` } })).status,
    ).toBe(200)
  })
})
