import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { backends, signup, startTestApp, type TestApp } from "../test/app"
import { addMember, createCluster, send } from "../test/clusters"

describe.each(backends)("structures on %s", (backend) => {
  let app: TestApp
  beforeAll(async () => {
    app = await startTestApp(backend)
  })
  afterAll(() => app?.close())

  it("finds structures by name for anyone signed in, showing only public fields and the caller's standing", async () => {
    const anne = await signup(app)
    const paul = await signup(app)
    const tag = `Zq${Date.now().toString(36)}`
    const a = await createCluster(app, anne, {
      name: `CUMA ${tag} Nord`,
      vatNumber: "FR123",
      description: "secret",
    })
    const b = await createCluster(app, anne, { name: `cuma ${tag.toLowerCase()} Sud` })
    const c = await createCluster(app, anne, { name: `EARL ${tag}`, type: "enterprise", kind: "farm" })
    await createCluster(app, anne, { name: "Sans rapport" })
    await addMember(app, c, paul.id, [])
    await app.sql(
      (sql) =>
        sql`INSERT INTO membership_requests (cluster_id, user_id, role) VALUES (${b}, ${paul.id}, 'member')`,
    )
    const found = await send(
      app,
      paul,
      "GET",
      `/api/v2/clusterDirectory?q=${encodeURIComponent(`  ${tag.toUpperCase()} `)}`,
    )
    expect(found.status).toBe(200)
    expect(found.body).toEqual([
      {
        id: a,
        name: `CUMA ${tag} Nord`,
        type: "sharing",
        kind: "cuma",
        city: "Illiers-Combray",
        mine: "none",
      },
      {
        id: b,
        name: `cuma ${tag.toLowerCase()} Sud`,
        type: "sharing",
        kind: "cuma",
        city: "Illiers-Combray",
        mine: "requested",
      },
      {
        id: c,
        name: `EARL ${tag}`,
        type: "enterprise",
        kind: "farm",
        city: "Illiers-Combray",
        mine: "member",
      },
    ])
    expect((await send(app, paul, "GET", "/api/v2/clusterDirectory?q=%25%25")).body).toEqual([])
  })

  it("answers at most 20 structures, and refuses a search shorter than 2 characters with searchTooShort", async () => {
    const anne = await signup(app)
    const tag = `Yq${Date.now().toString(36)}`
    for (let i = 0; i < 22; i++)
      await createCluster(app, anne, { name: `${tag} ${String(i).padStart(2, "0")}` })
    const found = (await send(app, anne, "GET", `/api/v2/clusterDirectory?q=${tag}`)).body
    expect(found).toHaveLength(20)
    expect(found[0].name).toBe(`${tag} 00`)
    expect(found[19].name).toBe(`${tag} 19`)
    const short = await send(app, anne, "GET", "/api/v2/clusterDirectory?q=%20a%20")
    expect(short.status).toBe(400)
    expect(short.body).toEqual({
      _tag: "BadRequest",
      code: "searchTooShort",
      message: "Saisissez au moins 2 caractères",
    })
    expect((await send(app, undefined, "GET", `/api/v2/clusterDirectory?q=${tag}`)).status).toBe(401)
  })

  it("finds a structure whatever the case and accents typed", async () => {
    const anne = await signup(app)
    const tag = `Xq${Date.now().toString(36)}`
    const id = await createCluster(app, anne, { name: `Élevage de la Vallée ${tag}` })
    for (const q of [`VALLEE ${tag}`, `élevage de la vallée ${tag.toUpperCase()}`, `Elevage`]) {
      const found = (await send(app, anne, "GET", `/api/v2/clusterDirectory?q=${encodeURIComponent(q)}`)).body
      expect(
        found.map((c: { id: string }) => c.id),
        q,
      ).toContain(id)
    }
  })
})
