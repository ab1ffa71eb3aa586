import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { backends, signup, startTestApp, type TestApp } from "../test/app"

const address = {
  street: "3 rue des Blés",
  complement: null,
  postalCode: "28000",
  city: "Chartres",
  country: "France",
}

describe.each(backends)("/me on %s", (backend) => {
  let app: TestApp
  beforeAll(async () => {
    app = await startTestApp(backend)
  })
  afterAll(() => app?.close())

  const get = async (auth: Record<string, string>) =>
    (await app.call("GET", "/api/v2/me", { headers: auth })).json()
  const put = (auth: Record<string, string>, edit: unknown) =>
    app.call("PUT", "/api/v2/me", { body: { edit }, headers: auth })

  it("returns the new profile: no address, French by default, not to be cached", async () => {
    const user = await signup(app, { firstname: "Marie", lastname: "Leroy" })
    const res = await app.call("GET", "/api/v2/me", { headers: user.auth })
    expect(res.headers.get("cache-control")).toBe("no-store")
    expect(await get(user.auth)).toEqual({
      id: user.id,
      email: user.email,
      firstname: "Marie",
      lastname: "Leroy",
      name: null,
      phone: null,
      mobile: null,
      address: null,
      language: "fr",
      emailConfirmed: true,
    })
  })

  it("saves an edit and returns the whole profile; absent fields stay, null clears", async () => {
    const user = await signup(app)
    const res = await put(user.auth, {
      address,
      language: "pl",
      phone: "02 37 00 00 00",
      name: " EARL Petit ",
    })
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({
      address,
      language: "pl",
      phone: "02 37 00 00 00",
      firstname: "Anne",
    })
    const cleared = await (await put(user.auth, { phone: null, firstname: " Annie " })).json()
    expect(cleared).toMatchObject({ phone: null, firstname: "Annie", address, language: "pl" })
    expect(await get(user.auth)).toEqual(cleared)
  })

  it("refuses an invalid edit with 400 and the rule's code, changing nothing", async () => {
    const user = await signup(app)
    const before = await get(user.auth)
    const missingCity = await put(user.auth, { address: { ...address, city: "   " }, language: "de" })
    expect(missingCity.status).toBe(400)
    expect(await missingCity.json()).toEqual({
      _tag: "BadRequest",
      code: "required",
      message: "Le champ est obligatoire",
    })
    const badLocale = await put(user.auth, { language: "xx" })
    expect(badLocale.status).toBe(400)
    expect(await badLocale.json()).toMatchObject({ _tag: "BadRequest", code: "badRequest" })
    const wrongType = await put(user.auth, { firstname: 42 })
    expect(wrongType.status).toBe(400)
    const noEdit = await app.call("PUT", "/api/v2/me", { body: {}, headers: user.auth })
    expect(noEdit.status).toBe(400)
    expect(await get(user.auth)).toEqual(before)
  })

  it("refuses malformed JSON and oversized bodies, changing nothing", async () => {
    const user = await signup(app)
    const before = await get(user.auth)
    const malformed = await app.call("PUT", "/api/v2/me", {
      body: '{"edit": {"firstname": "Broken"',
      headers: { ...user.auth, "content-type": "application/json" },
    })
    expect(malformed.status).toBe(400)
    expect(await malformed.json()).toMatchObject({ _tag: "BadRequest", code: "badRequest" })
    const huge = JSON.stringify({ edit: { firstname: "Big", name: "x".repeat(70_000) } })
    const tooLarge = await app.call("PUT", "/api/v2/me", {
      body: huge,
      headers: { ...user.auth, "content-type": "application/json", "content-length": String(huge.length) },
    })
    expect(tooLarge.status).toBe(413)
    expect(await tooLarge.json()).toMatchObject({ _tag: "PayloadTooLarge", code: "payloadTooLarge" })
    expect(await get(user.auth)).toEqual(before)
  })

  it("validates e-mails with the invalidEmail code (sign-up)", async () => {
    const res = await app.call("POST", "/api/v1/signup", {
      body: { newUser: { email: "not-an-email", password: "long enough", firstname: "A", lastname: "B" } },
    })
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({
      _tag: "BadRequest",
      code: "invalidEmail",
      message: "Merci de renseigner une adresse email valide",
    })
    const missing = await app.call("POST", "/api/v1/signup", {
      body: { newUser: { email: "a@b.org", password: "long enough" } },
    })
    expect(missing.status).toBe(400)
    expect(await missing.json()).toEqual({
      _tag: "BadRequest",
      code: "required",
      message: "Le champ est obligatoire",
    })
  })

  it("lists delegated users from the delegations table", async () => {
    const user = await signup(app)
    expect(await (await app.call("GET", "/api/v2/me/delegatedUsers", { headers: user.auth })).json()).toEqual(
      [],
    )
    const delegate = await signup(app, { firstname: "Zoé", lastname: "Adam" })
    await app.sql(
      (sql) => sql`INSERT INTO delegations (user_id, delegate_id) VALUES (${user.id}, ${delegate.id})`,
    )
    const list = await (await app.call("GET", "/api/v2/me/delegatedUsers", { headers: user.auth })).json()
    expect(list).toEqual([
      { id: delegate.id, email: delegate.email, firstname: "Zoé", lastname: "Adam", name: null },
    ])
  })

  it("refuses unauthenticated calls with 401", async () => {
    for (const [method, path] of [
      ["GET", "/api/v2/me"],
      ["PUT", "/api/v2/me"],
      ["GET", "/api/v2/me/delegatedUsers"],
    ]) {
      const res = await app.call(method, path, method === "PUT" ? { body: { edit: {} } } : {})
      expect(res.status).toBe(401)
    }
  })
})
