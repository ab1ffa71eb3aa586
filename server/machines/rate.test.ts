import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { backends, startTestApp, type TestApp } from "../test/app"
import { send } from "../test/clusters"
import { type Catalogue, fleet, loadCatalogue } from "../test/machines"

const outOfRange = { _tag: "BadRequest", code: "outOfRange", message: "Valeur hors des limites autorisées" }

/** 309 digits: as a number, Infinity (stored, it came back as null and the machine could not be read). */
const infinite = "9".repeat(309)
/** A number a double holds, but no rate anyone means. */
const huge = `1${"0".repeat(308)}`

describe.each(backends)("a machine's billing rate on %s", (backend) => {
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

  it("refuses a rate of 309 digits or past the limit on create: 400 outOfRange, nothing stored", async () => {
    const f = await fixture()
    for (const rate of [infinite, huge, 1e308, "1000000.01"]) {
      const billing = { unit: "hour", rate }
      const res = await send(app, f.anne, "POST", "/api/v2/machines", tractor(f.cluster, { billing }))
      expect({ rate, ...res }).toEqual({ rate, status: 400, body: outOfRange })
    }
    expect(await machineCount(f.cluster)).toBe(0)
    const limit = await send(app, f.anne, "POST", "/api/v2/machines", {
      ...tractor(f.cluster),
      billing: { unit: "day", rate: "1000000" },
    })
    expect([limit.status, limit.body.billing]).toEqual([201, { unit: "day", rate: 1_000_000 }])
  })

  it("refuses a rate of 309 digits on edit: 400 outOfRange, the machine unchanged and still readable", async () => {
    const f = await fixture()
    const made = await send(app, f.anne, "POST", "/api/v2/machines", {
      ...tractor(f.cluster),
      billing: { unit: "hectare", rate: "25.5" },
    })
    expect([made.status, made.body.billing]).toEqual([201, { unit: "hectare", rate: 25.5 }])
    for (const rate of [infinite, huge]) {
      const res = await send(app, f.anne, "PATCH", `/api/v2/machines/${made.body.id}`, {
        editMachine: { name: "Renamed", billing: { unit: "hour", rate } },
      })
      expect({ rate, ...res }).toEqual({ rate, status: 400, body: outOfRange })
    }
    expect(await send(app, f.anne, "GET", `/api/v2/machines/${made.body.id}`)).toEqual({
      status: 200,
      body: made.body,
    })
  })
})
