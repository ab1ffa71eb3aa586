import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { defaultSettings } from "../../src/schema/machine"
import { rights as allRights } from "../../src/schema/rights"
import { backends, signup, startTestApp, type TestApp } from "../test/app"
import { addGrants, addMember, createCluster, forbidden, send } from "../test/clusters"
import { associationNotAllowed, type Catalogue, fleet, loadCatalogue } from "../test/machines"

describe.each(backends)("machines of the fleet on %s", (backend) => {
  let app: TestApp
  let catalogue: Catalogue
  beforeAll(async () => {
    app = await startTestApp(backend)
    catalogue = await loadCatalogue(app)
  })
  afterAll(() => app?.close())
  const { category, fixture, tractor } = fleet(
    () => app,
    () => catalogue,
  )

  it("shows a machine to members with seeMachines and to grant holders only", async () => {
    const f = await fixture(allRights.filter((r) => r !== "seeMachines"))
    const { body: m } = await send(app, f.anne, "POST", "/api/v2/machines", tractor(f.cluster))
    expect(await send(app, f.paul, "GET", `/api/v2/machines/${m.id}`)).toEqual({
      status: 403,
      body: forbidden,
    })
    expect((await send(app, f.olga, "GET", `/api/v2/machines/${m.id}`)).status).toBe(404)
    await addGrants(app, m.id, f.olga.id, ["realTimeView"])
    expect(await send(app, f.olga, "GET", `/api/v2/machines/${m.id}`)).toEqual({ status: 200, body: m })
    expect((await send(app, undefined, "GET", `/api/v2/machines/${m.id}`)).status).toBe(401)
  })

  it("edits only what is sent, with editMachine or the edit grant; the structure never changes", async () => {
    const f = await fixture(["seeMachines", "editMachine"])
    const other = await createCluster(app, f.anne, { name: "Autre" })
    const { body: m } = await send(app, f.anne, "POST", "/api/v2/machines", tractor(f.cluster))
    const res = await send(app, f.paul, "PATCH", `/api/v2/machines/${m.id}`, {
      editMachine: {
        name: "Tracteur rouge",
        maxWorkingSpeedKmh: "42.5",
        billing: { unit: "hour", rate: "35.5" },
        maintenance: { dateOfIssue: "2020-05-01T00:00:00.000Z", engineHours: 1200 },
        cluster: other,
      },
    })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({
      ...m,
      name: "Tracteur rouge",
      maxWorkingSpeedKmh: 42.5,
      billing: { unit: "hour", rate: 35.5 },
      maintenance: { ...m.maintenance, dateOfIssue: "2020-05-01T00:00:00.000Z", engineHours: 1200 },
    })
    const second = await send(app, f.paul, "PATCH", `/api/v2/machines/${m.id}`, {
      editMachine: { maintenance: { workingHours: 10 }, model: null },
    })
    expect(second.body.maintenance).toEqual({ ...res.body.maintenance, workingHours: 10 })
    expect(second.body.model).toBeNull()
    expect(second.body.cluster.id).toBe(f.cluster)
    // A new category without a type drops the old type.
    const moved = await send(app, f.paul, "PATCH", `/api/v2/machines/${m.id}`, {
      editMachine: { category: category("Remorque").id },
    })
    expect([moved.body.category.id, moved.body.type]).toEqual([category("Remorque").id, null])

    await addGrants(app, m.id, f.olga.id, ["edit"])
    const byGrant = await send(app, f.olga, "PATCH", `/api/v2/machines/${m.id}`, {
      editMachine: { name: "Par Olga" },
    })
    expect([byGrant.status, byGrant.body.name]).toEqual([200, "Par Olga"])
  })

  it("refuses an edit without editMachine nor the edit grant, and settings without managing", async () => {
    const f = await fixture(allRights.filter((r) => r !== "editMachine"))
    const carl = await signup(app, { firstname: "Carl", lastname: "Roux" })
    await addMember(app, f.cluster, carl.id, ["seeMachines", "editMachine"])
    const { body: m } = await send(app, f.anne, "POST", "/api/v2/machines", tractor(f.cluster))
    const patch = (who: typeof f.anne, editMachine: unknown) =>
      send(app, who, "PATCH", `/api/v2/machines/${m.id}`, { editMachine })
    expect(await patch(f.paul, { name: "X" })).toEqual({ status: 403, body: forbidden })
    expect((await patch(f.olga, { name: "X" })).status).toBe(404)
    await addGrants(app, m.id, f.olga.id, ["realTimeView"])
    expect(await patch(f.olga, { name: "X" })).toEqual({ status: 403, body: forbidden })
    // Settings take manageMachine (Carl edits but does not manage).
    expect(await patch(carl, { settings: { minPauseMinutes: 9 } })).toEqual({ status: 403, body: forbidden })
    await addGrants(app, m.id, carl.id, ["management"])
    const managed = await patch(carl, { settings: { minPauseMinutes: 9 } })
    expect(managed.body.settings).toEqual({ ...defaultSettings, minPauseMinutes: 9 })
    const byRight = await patch(f.anne, { settings: { timeLimitation: "booking" } })
    expect(byRight.body.settings).toEqual({
      ...defaultSettings,
      minPauseMinutes: 9,
      timeLimitation: "booking",
    })
    expect(await patch(f.anne, { owner: f.olga.id })).toEqual({ status: 403, body: associationNotAllowed })
    expect((await send(app, f.anne, "GET", `/api/v2/machines/${m.id}`)).body).toEqual(byRight.body)
  })

  it("deletes a machine with deleteMachine, its grants and associations with it (204)", async () => {
    const f = await fixture(allRights.filter((r) => r !== "deleteMachine"))
    const { body: m } = await send(app, f.anne, "POST", "/api/v2/machines", tractor(f.cluster))
    await addGrants(app, m.id, f.olga.id, ["edit", "management"])
    await app.sql(
      (sql) => sql`INSERT INTO counters (id, cluster_id) VALUES (${`DEL-${m.id.slice(0, 8)}`}, ${f.cluster})`,
    )
    await app.sql(
      (sql) => sql`INSERT INTO counter_associations (counter_id, machine_id, cluster_id, start_date)
        VALUES (${`DEL-${m.id.slice(0, 8)}`}, ${m.id}, ${f.cluster}, now() - interval '1 day')`,
    )
    expect(await send(app, f.paul, "DELETE", `/api/v2/machines/${m.id}`)).toEqual({
      status: 403,
      body: forbidden,
    })
    expect(await send(app, f.olga, "DELETE", `/api/v2/machines/${m.id}`)).toEqual({
      status: 403,
      body: forbidden,
    })
    expect((await send(app, f.anne, "DELETE", `/api/v2/machines/${m.id}`)).status).toBe(204)
    expect((await send(app, f.anne, "GET", `/api/v2/machines/${m.id}`)).status).toBe(404)
    const left = await app.sql(
      (sql) => sql<{ g: number; a: number }>`SELECT
        (SELECT count(*)::int FROM machine_grants WHERE machine_id = ${m.id}) AS g,
        (SELECT count(*)::int FROM counter_associations WHERE machine_id = ${m.id}) AS a`,
    )
    expect(left).toEqual([{ g: 0, a: 0 }])
    expect((await send(app, f.anne, "DELETE", `/api/v2/machines/${m.id}`)).status).toBe(404)
  })

  it("names the box on the machine now: not an ended one, not a future one", async () => {
    const f = await fixture()
    const { body: m } = await send(app, f.anne, "POST", "/api/v2/machines", tractor(f.cluster))
    const box = (suffix: string) => `B${suffix}-${m.id.slice(0, 8)}`.toUpperCase()
    for (const s of ["OLD", "NOW", "NEXT"])
      await app.sql((sql) => sql`INSERT INTO counters (id, cluster_id) VALUES (${box(s)}, ${f.cluster})`)
    const associate = (s: string, start: string, end: string | null) =>
      app.sql(
        (
          sql,
        ) => sql`INSERT INTO counter_associations (counter_id, machine_id, cluster_id, start_date, end_date)
          VALUES (${box(s)}, ${m.id}, ${f.cluster}, now() + ${start}::interval,
                  CASE WHEN ${end}::text IS NULL THEN NULL ELSE now() + ${end}::interval END)`,
      )
    await associate("OLD", "-30 days", "-10 days")
    await associate("NEXT", "10 days", null)
    expect((await send(app, f.anne, "GET", `/api/v2/machines/${m.id}`)).body.currentCounter).toBeNull()
    await associate("NOW", "-5 days", null)
    expect((await send(app, f.anne, "GET", `/api/v2/machines/${m.id}`)).body.currentCounter).toBe(box("NOW"))
  })
})
