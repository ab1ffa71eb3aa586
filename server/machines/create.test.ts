// Size: the API cases of create, each run on PGlite and PostgreSQL, kept together with the set-up they share.
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { defaultSettings } from "../../src/schema/machine"
import { rights as allRights } from "../../src/schema/rights"
import { backends, startTestApp, type TestApp } from "../test/app"
import { forbidden, send } from "../test/clusters"
import {
  associationNotAllowed,
  type Catalogue,
  fleet,
  loadCatalogue,
  selectionUnknown,
} from "../test/machines"

describe.each(backends)("machines of the fleet on %s", (backend) => {
  let app: TestApp
  let catalogue: Catalogue
  beforeAll(async () => {
    app = await startTestApp(backend)
    catalogue = await loadCatalogue(app)
  })
  afterAll(() => app?.close())
  const { brand, category, typeOf, machineCount, fixture, tractor } = fleet(
    () => app,
    () => catalogue,
  )

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
})
