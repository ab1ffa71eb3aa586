import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { backends, startTestApp, type TestApp } from "../test/app"
import { demoSignIn } from "."

describe.each(backends)("demo seed on %s", (backend) => {
  let app: TestApp
  let auth: Record<string, string>
  beforeAll(async () => {
    app = await startTestApp(backend, { seedDemo: true })
    const res = await app.call("POST", "/api/v2/auth/login", { body: demoSignIn })
    auth = { authorization: `JWT ${((await res.json()) as { token: string }).token}` }
  })
  afterAll(() => app?.close())

  const get = async (path: string) => (await app.call("GET", path, { headers: auth })).json()

  it("gives the demo person the CUMA and the farm with every right", async () => {
    const clusters = (await get("/api/v2/clusters")) as Array<Record<string, unknown>>
    expect(
      clusters.map((c) => [c.name, c.type, c.kind, c.memberCount, (c.myRights as string[]).length]),
    ).toEqual([
      ["CUMA de la Vallée", "sharing", "cuma", 4, 19],
      ["EARL des Sillons", "enterprise", "farm", 1, 19],
    ])
  })

  it("has neighbours as CUMA members with the defaults (Claire also posts announcements), one employee, and a pending request", async () => {
    const [cuma] = (await get("/api/v2/clusters")) as Array<{ id: string; defaultRights: string[] }>
    const members = (await get(`/api/v2/clusters/${cuma.id}/members`)) as Array<{
      user: { email: string }
      role: string
      rights: string[]
    }>
    const neighbours = members.filter((m) => m.user.email !== demoSignIn.email)
    expect(neighbours).toHaveLength(3)
    for (const m of neighbours)
      expect(m.rights).toEqual(
        m.user.email === "claire.dubois@sillon.test"
          ? ["editCluster", ...cuma.defaultRights]
          : cuma.defaultRights,
      )
    expect(neighbours.filter((m) => m.role === "employee")).toHaveLength(1)
    const pending = await app.sql(
      (sql) => sql<{
        email: string
      }>`SELECT u.email FROM membership_requests r JOIN users u ON u.id = r.user_id
        WHERE r.cluster_id = ${cuma.id} AND r.status = 'pending'`,
    )
    expect(pending).toHaveLength(1)
    expect(members.map((m) => m.user.email)).not.toContain(pending[0].email)
  })

  it("has two announcements of the CUMA: Claire's urgent one, unread by the demo person, then the demo's own", async () => {
    const shown = (await get("/api/v2/announcements")) as Array<{
      urgency: string
      readAt: string | null
      author: { firstname: string }
    }>
    expect(shown.map((a) => [a.author.firstname, a.urgency, a.readAt === null])).toEqual([
      ["Claire", "urgent", true],
      ["Jeanne", "info", false],
    ])
  })

  it("has three CUMA machines, one shared with a member through a grant", async () => {
    const machines = (await get("/api/v2/machines")) as Array<{ id: string; name: string }>
    expect(machines.map((m) => m.name)).toEqual([
      "Moissonneuse Claas Lexion 760",
      "Semoir Kuhn Espro 3000",
      "Tracteur John Deere 6155R",
    ])
    const rows = (await get(`/api/v2/machines/${machines[0].id}/users_access`)) as Array<{
      user: { email: string }
      grants: string[]
    }>
    expect(rows.filter((r) => r.grants.length > 0)).toEqual([
      expect.objectContaining({ user: expect.objectContaining({ email: "paul.martin@sillon.test" }) }),
    ])
  })

  it("gives the tractor a reference consumption, and the seeder's tag the seed it sows", async () => {
    const machines = (await get("/api/v2/machines")) as Array<{ id: string; name: string }>
    const consumption = async (name: string) =>
      (
        (await get(`/api/v2/machines/${machines.find((m) => m.name === name)?.id}`)) as {
          consumption: unknown
        }
      ).consumption
    expect(await consumption("Tracteur John Deere 6155R")).toEqual({ unit: "litresPerHour", rate: 18 })
    expect(await consumption("Semoir Kuhn Espro 3000")).toBeNull()
    const tags = (await get("/api/v2/ble_tag")) as Array<{
      id: string
      machine: { name: string } | null
      productType: { name: { default: string } } | null
    }>
    const seederTag = tags.find((t) => t.id === "BLE-0001")
    expect([seederTag?.machine?.name, seederTag?.productType?.name.default]).toEqual([
      "Semoir Kuhn Espro 3000",
      "Semences de céréales",
    ])
  })

  it("has bookings of the CUMA from yesterday to next week, accepted and requested, that the demo person sees", async () => {
    const [cuma] = (await get("/api/v2/clusters")) as Array<{ id: string }>
    const now = new Date()
    const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())
    const from = new Date(today - 86_400_000).toISOString()
    const to = new Date(today + 8 * 86_400_000).toISOString()
    const list = (await get(
      `/api/v2/booking?${new URLSearchParams({ cluster: cuma.id, from, to })}`,
    )) as Array<{
      status: string
      resources: Array<{ kind: string }>
      requestedBy: { id: string }
      comments: string
      location: { label: string } | null
      start_date: string
      fields: ReadonlyArray<{ name: string }>
    }>
    expect(list).toHaveLength(5)
    // Each names the fields of whoever asked for it: one, or two for the sowing.
    expect(list.map((b) => b.fields.length).sort()).toEqual([1, 1, 1, 1, 2])
    expect(new Set(list.map((b) => b.status))).toEqual(new Set(["accepted", "requested"]))
    expect(list.map((b) => b.resources.map((r) => r.kind).join(","))).toContain("machine,machine,employee")
    expect(list.map((b) => b.resources.map((r) => r.kind).join(","))).toContain("machine,employee")
    expect(list.filter((b) => b.comments !== "")).toHaveLength(1)
    expect(list.filter((b) => b.location !== null)).toHaveLength(1)
    expect(new Set(list.map((b) => b.requestedBy.id)).size).toBe(3)
    // Every red one is still ahead, so the demo person can accept it whatever the day.
    const requested = list.filter((b) => b.status === "requested")
    expect(requested.every((b) => Date.parse(b.start_date) > now.getTime())).toBe(true)
    const asked = await app.sql(
      (sql) =>
        sql`SELECT count(*)::int AS n FROM notifications WHERE kind = 'bookingRequested' AND read_date IS NULL`,
    )
    expect(asked).toEqual([{ n: 3 }])
  })

  it("lays out a few dozen fields in the plain, none overlapping, owned by three members, one with a pond", async () => {
    type F = {
      name: string
      areaHa: number
      owner: { firstname: string }
      geometry: { coordinates: unknown[] }
      can: { edit: boolean }
    }
    const fields = (await get("/api/v2/fields")) as Array<F>
    expect(fields.length).toBeGreaterThanOrEqual(24)
    expect(new Set(fields.map((f) => f.owner.firstname))).toEqual(new Set(["Jeanne", "Paul", "Claire"]))
    for (const f of fields) {
      expect(f.areaHa).toBeGreaterThan(1)
      expect(f.areaHa).toBeLessThan(40)
    }
    expect(fields.filter((f) => f.geometry.coordinates.length === 2).map((f) => f.name)).toEqual([
      "La Mare aux Canards",
    ])
    const pond = (fields as Array<F & { id: string }>).find((f) => f.name === "La Mare aux Canards")
    const remarks = (await get(`/api/v2/fields_comment?field=${pond?.id}`)) as Array<{
      author: { firstname: string }
    }>
    expect(remarks.map((c) => c.author.firstname)).toEqual(["Jeanne", "Claire"])
    // The demo person acts for Paul, not for Claire.
    expect(fields.filter((f) => f.owner.firstname === "Claire").every((f) => !f.can.edit)).toBe(true)
    expect(fields.filter((f) => f.owner.firstname === "Paul").every((f) => f.can.edit)).toBe(true)
    const overlaps = await app.sql(
      (sql) => sql<{ n: number }>`SELECT count(*)::int AS n FROM fields a JOIN fields b ON a.id < b.id
        AND ST_Intersects(a.geom, b.geom) AND ST_Area(ST_Intersection(a.geom, b.geom)) > 0`,
    )
    expect(overlaps).toEqual([{ n: 0 }])
  })
})
