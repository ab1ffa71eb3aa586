import { SqlClient } from "@effect/sql"
import { Effect } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { defaultSettings } from "../../src/schema/machine"
import { rights as allRights, type Right } from "../../src/schema/rights"
import { backends, signup, startTestApp, type TestApp } from "../test/app"
import { addGrants, addMember, createCluster, send } from "../test/clusters"

const forbidden = {
  _tag: "Forbidden",
  code: "forbidden",
  message: "Vous ne possédez pas les droits pour effectuer ceci.",
}
const associationNotAllowed = {
  _tag: "Forbidden",
  code: "associationNotAllowed",
  message: "Cette association n'est pas autorisee",
}
const selectionUnknown = {
  _tag: "BadRequest",
  code: "selectionUnknown",
  message: "Cette selection n'existe pas",
}

interface Category {
  id: string
  name: { default: string }
  types: Array<{ id: string; name: { default: string } }>
}

describe.each(backends)("machines of the fleet on %s", (backend) => {
  let app: TestApp
  let brands: Array<{ id: string; name: string }>
  let categories: Array<Category>
  beforeAll(async () => {
    app = await startTestApp(backend)
    const someone = await signup(app)
    brands = (await send(app, someone, "GET", "/api/v2/properties/machines/brands")).body
    categories = (await send(app, someone, "GET", "/api/v2/properties/machines/categories")).body
  })
  afterAll(() => app?.close())

  const brand = (name: string) => brands.find((b) => b.name === name)?.id
  const category = (name: string) => categories.find((c) => c.name.default === name) as Category
  const typeOf = (c: string, t: string) => category(c).types.find((x) => x.name.default === t)?.id
  const machineCount = async (clusterId: string) =>
    (
      await app.sql(
        (sql) => sql<{ n: number }>`SELECT count(*)::int AS n FROM machines WHERE cluster_id = ${clusterId}`,
      )
    )[0].n

  /** Anne holds every right in her structure; Paul is a member with `paulRights`; Olga is outside. */
  const fixture = async (paulRights: ReadonlyArray<Right> = []) => {
    const anne = await signup(app, { firstname: "Anne", lastname: "Petit" })
    const paul = await signup(app, { firstname: "Paul", lastname: "Martin" })
    const olga = await signup(app, { firstname: "Olga", lastname: "Zed" })
    const cluster = await createCluster(app, anne, { name: "CUMA des Blés" })
    await addMember(app, cluster, paul.id, paulRights)
    return { anne, paul, olga, cluster }
  }

  const tractor = (cluster: string, fields: Record<string, unknown> = {}) => ({
    cluster,
    name: "Tracteur 6155R",
    brand: brand("John Deere"),
    model: "6155R",
    category: category("Tracteur").id,
    type: typeOf("Tracteur", "Tracteur 4 roues motrices"),
    toolWidthMeters: "3.5",
    maxWorkingSpeedKmh: 40,
    ...fields,
  })

  it("lists the catalogue: brands by name, categories in order with their types, filter entries", async () => {
    const someone = await signup(app)
    expect(brands.map((b) => b.name)).toEqual([
      "Amazone",
      "Case IH",
      "Claas",
      "Fendt",
      "John Deere",
      "Kuhn",
      "Kverneland",
      "Lemken",
      "Massey Ferguson",
      "New Holland",
    ])
    expect(categories.map((c) => c.name.default)).toEqual([
      "Tracteur",
      "Moissonneuse-batteuse",
      "Semoir",
      "Pulvérisateur",
      "Épandeur",
      "Outil de travail du sol",
      "Remorque",
      "Presse",
    ])
    for (const c of categories) {
      expect(c.types.length).toBeGreaterThanOrEqual(2)
      expect(c.types.length).toBeLessThanOrEqual(4)
    }
    expect(category("Tracteur").name).toEqual({
      default: "Tracteur",
      texts: [
        { lang: "fr", text: "Tracteur" },
        { lang: "en", text: "Tractor" },
        { lang: "pl", text: "Ciągnik" },
        { lang: "de", text: "Traktor" },
      ],
    })
    const entries = (await send(app, someone, "GET", "/api/v2/filterEntries")).body as Array<{
      id: string
      type: string
    }>
    const typeCount = categories.reduce((n, c) => n + c.types.length, 0)
    expect(entries.map((e) => e.type)).toEqual([
      ...categories.map(() => "machineCategory"),
      ...Array(typeCount).fill("machineType"),
    ])
    expect(entries.map((e) => e.id)).toEqual([
      ...categories.map((c) => c.id),
      ...categories.flatMap((c) => c.types.map((t) => t.id)),
    ])
    for (const path of ["/properties/machines/brands", "/properties/machines/categories", "/filterEntries"])
      expect((await send(app, undefined, "GET", `/api/v2${path}`)).status).toBe(401)
  })

  it("inserts the catalogue once: a second start on the same database adds nothing", async () => {
    const count = () =>
      app.sql(
        (sql) => sql<{ b: number; f: number }>`SELECT (SELECT count(*)::int FROM brands) AS b,
          (SELECT count(*)::int FROM filter_entries) AS f`,
      )
    const before = await count()
    const { ensureCatalogue } = await import("../seed/catalogue")
    await app.sql((sql) => Effect.provideService(ensureCatalogue, SqlClient.SqlClient, sql))
    expect(await count()).toEqual(before)
    expect(before[0].b).toBe(10)
  })

  it("creates a machine with its catalogue entries, numbers and default settings (201)", async () => {
    const f = await fixture()
    const res = await send(app, f.anne, "POST", "/api/v2/machines", tractor(f.cluster, { owner: f.paul.id }))
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({
      cluster: { id: f.cluster, name: "CUMA des Blés" },
      name: "Tracteur 6155R",
      brand: { id: brand("John Deere"), name: "John Deere" },
      model: "6155R",
      category: { id: category("Tracteur").id, name: { default: "Tracteur" } },
      type: {
        id: typeOf("Tracteur", "Tracteur 4 roues motrices"),
        name: { default: "Tracteur 4 roues motrices" },
      },
      toolWidthMeters: 3.5,
      maxWorkingSpeedKmh: 40,
      canPresent: false,
      owner: { id: f.paul.id, firstname: "Paul", lastname: "Martin" },
      billing: null,
      settings: defaultSettings,
      currentCounter: null,
    })
    expect(res.body.owner).not.toHaveProperty("email")
    const again = await send(app, f.anne, "GET", `/api/v2/machines/${res.body.id}`)
    expect(again).toEqual({ status: 200, body: res.body })
  })

  it("merges sent settings over the defaults and refuses a priority that is not an order of the three", async () => {
    const f = await fixture()
    const settings = { minutesBetweenWorks: 45, priority: ["tag", "booking", "field"] }
    const made = await send(app, f.anne, "POST", "/api/v2/machines", tractor(f.cluster, { settings }))
    expect(made.body.settings).toEqual({ ...defaultSettings, ...settings })
    for (const priority of [
      ["tag", "tag", "field"],
      ["booking", "field"],
    ]) {
      const res = await send(
        app,
        f.anne,
        "POST",
        "/api/v2/machines",
        tractor(f.cluster, { settings: { priority } }),
      )
      expect(res.status).toBe(400)
      expect(res.body.code).toBe("badRequest")
    }
    expect(await machineCount(f.cluster)).toBe(1)
  })

  it("refuses a decimal comma with its French message, on create and edit, changing nothing", async () => {
    const f = await fixture()
    const res = await send(
      app,
      f.anne,
      "POST",
      "/api/v2/machines",
      tractor(f.cluster, { toolWidthMeters: "3,5" }),
    )
    expect(res).toEqual({
      status: 400,
      body: {
        _tag: "BadRequest",
        code: "decimalComma",
        message: "Les nombres décimaux s'écrivent avec un point, pas une virgule (par exemple 3.5)",
      },
    })
    expect(await machineCount(f.cluster)).toBe(0)
    const made = await send(app, f.anne, "POST", "/api/v2/machines", tractor(f.cluster))
    const edit = await send(app, f.anne, "PATCH", `/api/v2/machines/${made.body.id}`, {
      editMachine: { maintenance: { workingHours: "12,5" } },
    })
    expect([edit.status, edit.body.code]).toEqual([400, "decimalComma"])
    const minus = await send(app, f.anne, "PATCH", `/api/v2/machines/${made.body.id}`, {
      editMachine: { maxWorkingSpeedKmh: "-3" },
    })
    expect([minus.status, minus.body.code]).toEqual([400, "invalidNumber"])
    expect((await send(app, f.anne, "GET", `/api/v2/machines/${made.body.id}`)).body).toEqual(made.body)
  })

  it("checks the advanced parameters and the machine's numbers: a point decimal within limits (400 otherwise)", async () => {
    const f = await fixture()
    const create = (fields: Record<string, unknown>) =>
      send(app, f.anne, "POST", "/api/v2/machines", tractor(f.cluster, fields))
    const outOfRange = {
      _tag: "BadRequest",
      code: "outOfRange",
      message: "Valeur hors des limites autorisées",
    }
    for (const settings of [
      { minWorkPercentOnField: 101 },
      { minWorkPercentOnField: "100.5" },
      { dieselConsumptionCorrectionPercent: -100.5 },
      { dieselConsumptionCorrectionPercent: "150" },
      { minutesBetweenWorks: 100_000 },
      { secondsMaxFieldFusion: 1e9 },
      { maxGpsAccuracyErrorMeters: 1e9 },
      { fieldWorkMinDurationMinutes: 1e7 },
      { minPauseMinutes: 1e7 },
      { minActivityDurationMinutes: 1e7 },
    ])
      expect({ settings, ...(await create({ settings })) }).toEqual({
        settings,
        status: 400,
        body: outOfRange,
      })
    for (const fields of [
      { toolWidthMeters: "100.5" },
      { maxWorkingSpeedKmh: 101 },
      { maintenance: { totalDistanceKm: 10_000_001 } },
      { maintenance: { workingHours: "10000001" } },
      { maintenance: { engineHours: 2e7 } },
    ])
      expect({ fields, ...(await create(fields)) }).toEqual({ fields, status: 400, body: outOfRange })
    for (const settings of [{ minPauseMinutes: "3,5" }, { dieselConsumptionCorrectionPercent: "-3,5" }]) {
      const comma = await create({ settings })
      expect([comma.status, comma.body.code]).toEqual([400, "decimalComma"])
    }
    for (const settings of [{ minPauseMinutes: -1 }, { minPauseMinutes: "abc" }]) {
      const bad = await create({ settings })
      expect([bad.status, bad.body.code]).toEqual([400, "invalidNumber"])
    }
    expect(await machineCount(f.cluster)).toBe(0)
    // Text decimals with a point are numbers; the diesel correction may be negative; the limits themselves fit.
    const settings = {
      minutesBetweenWorks: "1440",
      minPauseMinutes: "2.5",
      minWorkPercentOnField: 100,
      dieselConsumptionCorrectionPercent: "-12.5",
    }
    const made = await create({
      toolWidthMeters: 100,
      maxWorkingSpeedKmh: "100",
      maintenance: { totalDistanceKm: 10_000_000 },
      settings,
    })
    expect(made.status).toBe(201)
    expect(made.body).toMatchObject({
      toolWidthMeters: 100,
      maxWorkingSpeedKmh: 100,
      maintenance: { totalDistanceKm: 10_000_000 },
      settings: {
        ...defaultSettings,
        minutesBetweenWorks: 1440,
        minPauseMinutes: 2.5,
        minWorkPercentOnField: 100,
        dieselConsumptionCorrectionPercent: -12.5,
      },
    })
    const edit = await send(app, f.anne, "PATCH", `/api/v2/machines/${made.body.id}`, {
      editMachine: { settings: { minWorkPercentOnField: -1 } },
    })
    expect([edit.status, edit.body.code]).toEqual([400, "invalidNumber"])
    const over = await send(app, f.anne, "PATCH", `/api/v2/machines/${made.body.id}`, {
      editMachine: { settings: { dieselConsumptionCorrectionPercent: 101 } },
    })
    expect(over).toEqual({ status: 400, body: outOfRange })
    expect((await send(app, f.anne, "GET", `/api/v2/machines/${made.body.id}`)).body).toEqual(made.body)
  })

  it("refuses an unknown brand, category or type, and a type of another category (400 selectionUnknown)", async () => {
    const f = await fixture()
    const unknownId = "00000000-0000-4000-8000-000000000000"
    for (const fields of [
      { brand: unknownId },
      { category: unknownId },
      { type: unknownId },
      { type: typeOf("Semoir", "Semoir monograine") },
      { category: typeOf("Tracteur", "Tracteur vigneron"), type: null },
      { category: null },
    ]) {
      const res = await send(app, f.anne, "POST", "/api/v2/machines", tractor(f.cluster, fields))
      expect({ fields, res }).toEqual({ fields, res: { status: 400, body: selectionUnknown } })
    }
    expect(await machineCount(f.cluster)).toBe(0)
  })

  it("refuses an owner who is not a member of the structure (403 associationNotAllowed)", async () => {
    const f = await fixture()
    const res = await send(app, f.anne, "POST", "/api/v2/machines", tractor(f.cluster, { owner: f.olga.id }))
    expect(res).toEqual({ status: 403, body: associationNotAllowed })
    expect(await machineCount(f.cluster)).toBe(0)
  })

  it("creates only with createMachine in the structure: 404 outside, 403 lacking, 401 anonymous", async () => {
    const f = await fixture(allRights.filter((r) => r !== "createMachine"))
    expect((await send(app, f.olga, "POST", "/api/v2/machines", tractor(f.cluster))).status).toBe(404)
    expect(await send(app, f.paul, "POST", "/api/v2/machines", tractor(f.cluster))).toEqual({
      status: 403,
      body: forbidden,
    })
    expect((await send(app, undefined, "POST", "/api/v2/machines", tractor(f.cluster))).status).toBe(401)
    const noName = await send(app, f.anne, "POST", "/api/v2/machines", tractor(f.cluster, { name: "  " }))
    expect([noName.status, noName.body.code]).toEqual([400, "required"])
    expect(await machineCount(f.cluster)).toBe(0)
  })

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

  it("shows the sticker's public view without sign-in: id, name, structure name and the box on it now", async () => {
    const f = await fixture()
    const { body: m } = await send(app, f.anne, "POST", "/api/v2/machines", tractor(f.cluster))
    const view = () => send(app, undefined, "GET", `/api/v2/public/machines/${m.id}`)
    expect(await view()).toEqual({
      status: 200,
      body: { id: m.id, name: "Tracteur 6155R", clusterName: "CUMA des Blés", counter: null },
    })
    const box = (suffix: string) => `P${suffix}-${m.id.slice(0, 8)}`.toUpperCase()
    for (const s of ["PAST", "NOW", "NEXT"])
      await app.sql((sql) => sql`INSERT INTO counters (id, cluster_id) VALUES (${box(s)}, ${f.cluster})`)
    const associate = (s: string, start: string, end: string | null) =>
      app.sql(
        (
          sql,
        ) => sql`INSERT INTO counter_associations (counter_id, machine_id, cluster_id, start_date, end_date)
          VALUES (${box(s)}, ${m.id}, ${f.cluster}, now() + ${start}::interval,
                  CASE WHEN ${end}::text IS NULL THEN NULL ELSE now() + ${end}::interval END)`,
      )
    // Neither an ended box nor a coming one is the box the page would remove.
    await associate("PAST", "-30 days", "-10 days")
    await associate("NEXT", "10 days", null)
    expect((await view()).body.counter).toBeNull()
    await associate("NOW", "-5 days", null)
    expect(await view()).toEqual({
      status: 200,
      body: { id: m.id, name: "Tracteur 6155R", clusterName: "CUMA des Blés", counter: box("NOW") },
    })
    // Taken off (pickoff): the page has no box to name any more.
    expect((await send(app, f.anne, "POST", `/api/v2/machines/${m.id}/pickoff`)).status).toBe(200)
    expect((await view()).body.counter).toBeNull()
    const unknown = await send(
      app,
      undefined,
      "GET",
      "/api/v2/public/machines/00000000-0000-4000-8000-000000000000",
    )
    expect(unknown.status).toBe(404)
  })
})
