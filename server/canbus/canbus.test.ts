// Size: the API cases of CAN configurations and raw CAN values, each run on PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { backends, signup, startTestApp, type TestApp } from "../test/app"
import { addMachine, addMember, createCluster, send } from "../test/clusters"
import { addBox, seedFixes } from "../test/fixes"

type Person = Awaited<ReturnType<typeof signup>>

const base = Date.parse("2026-11-20T08:00:00Z")
const t = (seconds: number) => new Date(base + seconds * 1000).toISOString()
const pressure = {
  labels: { fr: "Pression hydraulique", en: "Hydraulic pressure", pl: "Ciśnienie", de: "Hydraulikdruck" },
  unit: "bar",
  scale: 0.1,
  offset: 0,
  chart: true,
}

describe.each(backends)("CAN bus values on %s", (backend) => {
  let app: TestApp
  let owner: Person
  let viewer: Person
  let machine: string

  beforeAll(async () => {
    app = await startTestApp(backend)
    owner = await signup(app, { firstname: "Odile", lastname: "Owner" })
    viewer = await signup(app, { firstname: "Victor", lastname: "Viewer" })
    const cuma = await createCluster(app, owner, { name: "CUMA du Bus" })
    await addMember(app, cuma, viewer.id, ["seeMachines"])
    machine = await addMachine(app, cuma, "Tracteur")
    const box = await addBox(app, `CAN${backend[0].toUpperCase()}${Date.now() % 100000}`, cuma)
    const res = await send(app, owner, "POST", `/api/v2/counters/${box}/associations`, {
      cluster: cuma,
      machine,
      start_date: t(-3600),
      end_date: null,
    })
    expect(res.status).toBe(201)
    await seedFixes(app, box, [
      { t: t(-7200), can: { engineSpeed: 999 } }, // before the association: not the machine's
      { t: t(0), can: { engineSpeed: 1500, hydraulicPressure: 1800 } },
      { t: t(5), spd: 4 }, // no CAN: not a row
      { t: t(10), can: { engineSpeed: 1520.5 } },
      { t: t(15), can: { hydraulicPressure: 1795 } },
    ])
  })
  afterAll(() => app?.close())

  const period = `startDate=${encodeURIComponent(t(-9000))}&endDate=${encodeURIComponent(t(60))}`

  it("gives the raw values per reading, every name of the period, and the same as CSV", async () => {
    const page = await send(app, viewer, "GET", `/api/v2/canbus_raw/${machine}?${period}`)
    expect(page.status).toBe(200)
    expect(page.body.names).toEqual(["engineSpeed", "hydraulicPressure"])
    expect(page.body.total).toBe(3)
    expect(page.body.rows.map((r: { at: string; values: unknown }) => [r.at, r.values])).toEqual([
      [t(0), { engineSpeed: 1500, hydraulicPressure: 1800 }],
      [t(10), { engineSpeed: 1520.5 }],
      [t(15), { hydraulicPressure: 1795 }],
    ])
    const res = await app.call("GET", `/api/v2/canbus_raw/${machine}.csv?${period}`, { headers: viewer.auth })
    expect(res.status).toBe(200)
    expect(res.headers.get("content-type")).toContain("text/csv")
    const lines = (await res.text()).trim().split("\n")
    expect(lines[0]).toBe("at,counter,engineSpeed,hydraulicPressure")
    expect(lines.slice(1).map((l) => l.split(",").filter((_, i) => i !== 1))).toEqual([
      [t(0), "1500", "1800"],
      [t(10), "1520.5", ""],
      [t(15), "", "1795"],
    ])
  })

  it("reads each value as the catalogue says, until a manager sets it for the machine", async () => {
    const before = await send(app, viewer, "GET", `/api/v2/machinesCanbusValuesConfigs/${machine}?lang=en`)
    expect(before.status).toBe(200)
    expect(before.body.canEdit).toBe(false)
    const byName = (body: { configs: Array<Record<string, unknown>> }, name: string) =>
      body.configs.find((c) => c.name === name)
    expect(byName(before.body, "engineSpeed")).toMatchObject({
      source: "catalogue",
      unit: "rpm",
      labels: { fr: "Régime moteur", en: "Engine speed" },
      scale: 1,
      seen: true,
    })
    // Sent by the box but unknown to the catalogue: its name as sent, no unit.
    expect(byName(before.body, "hydraulicPressure")).toMatchObject({ source: "raw", unit: "", seen: true })
    expect(byName(before.body, "fuelRate")).toMatchObject({ source: "catalogue", seen: false })

    const refused = await send(
      app,
      viewer,
      "PUT",
      `/api/v2/machinesCanbusValuesConfigs/${machine}/hydraulicPressure`,
      pressure,
    )
    expect(refused.status).toBe(403)
    const zero = await send(
      app,
      owner,
      "PUT",
      `/api/v2/machinesCanbusValuesConfigs/${machine}/hydraulicPressure`,
      {
        ...pressure,
        scale: 0,
      },
    )
    expect(zero.status).toBe(400)
    const badName = await send(
      app,
      owner,
      "PUT",
      `/api/v2/machinesCanbusValuesConfigs/${machine}/bad%20name`,
      pressure,
    )
    expect(badName.status).toBe(400)
    const put = await send(
      app,
      owner,
      "PUT",
      `/api/v2/machinesCanbusValuesConfigs/${machine}/hydraulicPressure`,
      pressure,
    )
    expect(put.status).toBe(200)
    expect(put.body).toMatchObject({ ...pressure, source: "machine", name: "hydraulicPressure" })
    const after = await send(app, viewer, "GET", `/api/v2/machinesCanbusValuesConfigs/${machine}`)
    expect(byName(after.body, "hydraulicPressure")).toMatchObject({
      source: "machine",
      unit: "bar",
      scale: 0.1,
    })

    const removed = await send(
      app,
      owner,
      "DELETE",
      `/api/v2/machinesCanbusValuesConfigs/${machine}/hydraulicPressure`,
    )
    expect(removed.status).toBe(204)
    const back = await send(app, owner, "GET", `/api/v2/machinesCanbusValuesConfigs/${machine}`)
    expect(back.body.canEdit).toBe(true)
    expect(byName(back.body, "hydraulicPressure")).toMatchObject({ source: "raw" })
  })

  it("refuses a period over 31 days or reversed", async () => {
    const long = await send(
      app,
      owner,
      "GET",
      `/api/v2/canbus_raw/${machine}?startDate=${t(-40 * 86400)}&endDate=${t(0)}`,
    )
    expect(long.status).toBe(400)
    const reversed = await send(
      app,
      owner,
      "GET",
      `/api/v2/canbus_raw/${machine}?startDate=${t(0)}&endDate=${t(-60)}`,
    )
    expect(reversed.status).toBe(400)
    expect(reversed.body.code).toBe("endBeforeStart")
  })
})
