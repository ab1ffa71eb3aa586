import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { backends, fromAddress, signup, startTestApp, type TestApp } from "../test/app"
import { clusterAddress, clusterInput, createCluster } from "../test/clusters"

/** Issue 10, cases 4 to 6: inputs that used to make the server answer 500. */
describe.each(backends)("request shapes refused before decoding, on %s", (backend) => {
  let app: TestApp
  beforeAll(async () => {
    app = await startTestApp(backend)
  })
  afterAll(() => app?.close())

  const raw = (method: string, path: string, body: string, headers: Record<string, string> = {}) =>
    app.call(method, path, {
      body,
      headers: { "content-type": "application/json", ...fromAddress(), ...headers },
    })
  const invalidText = {
    _tag: "BadRequest",
    code: "invalidText",
    message: "Ce texte contient un caractère non autorisé",
  }

  it("answers 415 to multipart (with or without a boundary), form and text bodies, anonymous or not", async () => {
    const user = await signup(app)
    for (const contentType of [
      "multipart/form-data",
      "multipart/form-data; boundary=x",
      "application/x-www-form-urlencoded",
      "text/plain",
    ])
      for (const [path, headers] of [
        ["/api/v2/auth/login", {}],
        ["/api/v1/signup", {}],
        ["/api/v2/clusters", user.auth],
      ] as const) {
        const res = await raw("POST", path, "--x\r\n", { ...headers, "content-type": contentType })
        expect({ contentType, path, status: res.status }).toEqual({ contentType, path, status: 415 })
        expect(await res.json()).toEqual({
          _tag: "UnsupportedMediaType",
          code: "unsupportedMediaType",
          message: "Le contenu de la requête doit être au format JSON",
        })
      }
    // JSON with a charset, or a +json type, is JSON.
    const ok = await raw(
      "POST",
      "/api/v2/auth/login",
      JSON.stringify({ email: user.email, password: user.password }),
      {
        "content-type": "application/json; charset=utf-8",
      },
    )
    expect(ok.status).toBe(200)
  })

  it("answers 400 to JSON nested 3000 levels deep, on an anonymous and a signed-in call", async () => {
    const user = await signup(app)
    const deep = `${"[".repeat(3000)}${"]".repeat(3000)}`
    for (const [path, headers] of [
      ["/api/v2/auth/login", {}],
      ["/api/v2/clusters", user.auth],
    ] as const) {
      const res = await raw("POST", path, `{"email":${deep}}`, headers)
      expect(res.status).toBe(400)
      expect(await res.json()).toMatchObject({ _tag: "BadRequest", code: "badRequest" })
    }
    // Brackets inside strings are text, not nesting.
    const res = await raw(
      "PUT",
      "/api/v2/me",
      JSON.stringify({ edit: { firstname: "[".repeat(200) } }),
      user.auth,
    )
    expect(res.status).toBe(200)
  })

  it("refuses a lone surrogate or a NUL in any text (address fields, names) with 400 invalidText, storing nothing", async () => {
    const user = await signup(app, { firstname: "Anne" })
    const clusterId = await createCluster(app, user, { name: "CUMA du Loir" })
    const lone = '"\\ud800"'
    const cases: ReadonlyArray<[string, string, string]> = [
      [
        "PUT",
        "/api/v2/me",
        `{"edit":{"address":{"street":${lone},"complement":null,"postalCode":"28000","city":"Chartres","country":"France"}}}`,
      ],
      ["PUT", "/api/v2/me", `{"edit":{"firstname":${lone}}}`],
      ["PUT", "/api/v2/me", `{"edit":{"lastname":"Pe\\u0000tit"}}`],
      [
        "POST",
        "/api/v2/clusters",
        JSON.stringify(clusterInput({ address: { ...clusterAddress, city: "X" } })).replace('"X"', lone),
      ],
      [
        "PATCH",
        `/api/v2/clusters/${clusterId}`,
        `{"name":"CUMA","address":{"street":${lone},"complement":null,"postalCode":"28000","city":"Chartres","country":"France"}}`,
      ],
      [
        "POST",
        "/api/v2/clusters",
        JSON.stringify(clusterInput({ name: "CUMA Y" })).replace('"name"', '"na\\udc00me"'),
      ],
    ]
    for (const [method, path, body] of cases) {
      const res = await raw(method, path, body, user.auth)
      expect({ path, body, status: res.status }).toEqual({ path, body, status: 400 })
      expect(await res.json()).toEqual(invalidText)
    }
    const profile = await (await app.call("GET", "/api/v2/me", { headers: user.auth })).json()
    expect(profile).toMatchObject({ firstname: "Anne", address: null })
    const clusters = await app.sql((sql) => sql<{ n: number }>`SELECT count(*)::int AS n FROM clusters`)
    expect(clusters[0].n).toBe(1)
    // A whole emoji (a surrogate pair) is ordinary text.
    const emoji = await raw(
      "PUT",
      "/api/v2/me",
      JSON.stringify({ edit: { firstname: "Anne 🌾" } }),
      user.auth,
    )
    expect(emoji.status).toBe(200)
    // A NUL in the query is refused the same way.
    const query = await app.call("GET", "/api/v2/clusterDirectory?q=ab%00cd", { headers: user.auth })
    expect(query.status).toBe(400)
    expect(await query.json()).toEqual(invalidText)
  })
})
