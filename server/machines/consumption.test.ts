import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { backends, signup, startTestApp, type TestApp } from "../test/app"
import { addGrants, addMember, forbidden, send } from "../test/clusters"
import { type Catalogue, fleet, loadCatalogue } from "../test/machines"

const outOfRange = { _tag: "BadRequest", code: "outOfRange", message: "Valeur hors des limites autorisées" }
const decimalComma = {
  _tag: "BadRequest",
  code: "decimalComma",
  message: "Les nombres décimaux s'écrivent avec un point, pas une virgule (par exemple 3.5)",
}

describe.each(backends)("a machine's reference consumption on %s", (backend) => {
  let app: TestApp
  let catalogue: Catalogue
  beforeAll(async () => {
    app = await startTestApp(backend)
    catalogue = await loadCatalogue(app)
  })
  afterAll(() => app?.close())
  const { machineCount, fixture, tractor } = fleet(
    () => app,
    () => catalogue,
  )

  it("is none on a new machine, set per hour or per hectare with a decimal point, and cleared with null", async () => {
    const f = await fixture()
    const made = await send(app, f.anne, "POST", "/api/v2/machines", tractor(f.cluster))
    expect([made.status, made.body.consumption]).toEqual([201, null])
    const patch = (consumption: unknown) =>
      send(app, f.anne, "PATCH", `/api/v2/machines/${made.body.id}`, { editMachine: { consumption } })
    const perHour = await patch({ unit: "litresPerHour", rate: "18.5" })
    expect([perHour.status, perHour.body.consumption]).toEqual([200, { unit: "litresPerHour", rate: 18.5 }])
    // Other edits keep it.
    const renamed = await send(app, f.anne, "PATCH", `/api/v2/machines/${made.body.id}`, {
      editMachine: { name: "Tracteur bleu" },
    })
    expect(renamed.body.consumption).toEqual({ unit: "litresPerHour", rate: 18.5 })
    const perHectare = await patch({ unit: "litresPerHectare", rate: 12 })
    expect(perHectare.body.consumption).toEqual({ unit: "litresPerHectare", rate: 12 })
    expect((await send(app, f.anne, "GET", `/api/v2/machines/${made.body.id}`)).body).toEqual(perHectare.body)
    expect((await patch(null)).body.consumption).toBeNull()
    const created = await send(
      app,
      f.anne,
      "POST",
      "/api/v2/machines",
      tractor(f.cluster, { consumption: { unit: "litresPerHour", rate: "500" } }),
    )
    expect([created.status, created.body.consumption]).toEqual([201, { unit: "litresPerHour", rate: 500 }])
  })

  it("refuses a comma, zero, more than 500 or an unknown unit: a translated 400, nothing changed", async () => {
    const f = await fixture()
    const made = await send(
      app,
      f.anne,
      "POST",
      "/api/v2/machines",
      tractor(f.cluster, { consumption: { unit: "litresPerHour", rate: 20 } }),
    )
    const patch = (consumption: unknown) =>
      send(app, f.anne, "PATCH", `/api/v2/machines/${made.body.id}`, {
        editMachine: { name: "Changé", consumption },
      })
    expect(await patch({ unit: "litresPerHour", rate: "18,5" })).toEqual({ status: 400, body: decimalComma })
    for (const rate of ["0", 0, "500.1", 1e308, -3])
      expect({ rate, ...(await patch({ unit: "litresPerHectare", rate })) }).toMatchObject({
        rate,
        status: 400,
        body: { _tag: "BadRequest", message: expect.any(String) },
      })
    expect(await patch({ unit: "litresPerHour", rate: "0" })).toEqual({ status: 400, body: outOfRange })
    expect(await patch({ unit: "litresPerHour", rate: "500.5" })).toEqual({ status: 400, body: outOfRange })
    const unit = await patch({ unit: "gallonsPerHour", rate: 3 })
    expect(unit.status).toBe(400)
    expect(unit.body.message).not.toMatch(/gallonsPerHour|Expected|at /)
    expect((await patch({ rate: 3 })).status).toBe(400)
    expect(await send(app, f.anne, "GET", `/api/v2/machines/${made.body.id}`)).toEqual({
      status: 200,
      body: made.body,
    })
    const before = await machineCount(f.cluster)
    const refused = await send(
      app,
      f.anne,
      "POST",
      "/api/v2/machines",
      tractor(f.cluster, { consumption: { unit: "litresPerHour", rate: "9,5" } }),
    )
    expect(refused).toEqual({ status: 400, body: decimalComma })
    expect(await machineCount(f.cluster)).toBe(before)
  })

  it("is the managers' to change, like the other advanced parameters", async () => {
    const f = await fixture(["seeMachines", "editMachine"])
    const carl = await signup(app, { firstname: "Carl", lastname: "Roux" })
    await addMember(app, f.cluster, carl.id, ["seeMachines"])
    const { body: m } = await send(app, f.anne, "POST", "/api/v2/machines", tractor(f.cluster))
    const patch = (who: typeof f.anne) =>
      send(app, who, "PATCH", `/api/v2/machines/${m.id}`, {
        editMachine: { consumption: { unit: "litresPerHour", rate: 15 } },
      })
    // Paul edits machines but does not manage them; Carl only sees them.
    expect(await patch(f.paul)).toEqual({ status: 403, body: forbidden })
    expect(await patch(carl)).toEqual({ status: 403, body: forbidden })
    expect((await send(app, f.olga, "GET", `/api/v2/machines/${m.id}`)).status).toBe(404)
    expect((await patch(f.olga)).status).toBe(404)
    expect((await send(app, f.anne, "GET", `/api/v2/machines/${m.id}`)).body.consumption).toBeNull()
    await addGrants(app, m.id, f.paul.id, ["management"])
    const byGrant = await patch(f.paul)
    expect([byGrant.status, byGrant.body.consumption]).toEqual([200, { unit: "litresPerHour", rate: 15 }])
    // Paul without manageMachine still edits the rest.
    const named = await send(app, f.paul, "PATCH", `/api/v2/machines/${m.id}`, { editMachine: { name: "T" } })
    expect([named.status, named.body.consumption]).toEqual([200, { unit: "litresPerHour", rate: 15 }])
  })
})
