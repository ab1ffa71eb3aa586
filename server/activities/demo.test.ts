import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { demoSignIn } from "../seed"
import { backends, startTestApp, type TestApp } from "../test/app"
import { activitiesWorld, day, isoDay, q } from "./fixture"

describe.each(backends)("the demo's activities on %s", (backend) => {
  let app: TestApp
  const world = activitiesWorld(() => app)
  beforeAll(async () => {
    app = await startTestApp(backend, { seedDemo: true, demoTelemetryDays: 2 })
    // Every machine-day the demo's fixes touch was queued when they were stored: computed in the background.
    await world.settled()
  }, 300_000)
  afterAll(() => app?.close())

  it("computes the demo's simulated days at start: the tractor's activities with their fields and fuel", async () => {
    const [{ id: userId }] = await app.sql(
      (sql) => sql<{ id: string }>`SELECT id FROM users WHERE email = ${demoSignIn.email}`,
    )
    const [{ id: tractor }] = await app.sql(
      (sql) => sql<{
        id: string
      }>`SELECT m.id FROM machines m JOIN counter_associations a ON a.machine_id = m.id
        WHERE a.counter_id = 'SIL-0001' ORDER BY a.start_date DESC LIMIT 1`,
    )
    const { token } = await app.signIn(userId)
    const period = {
      start_date: `${isoDay(Date.now() - 3 * day)}T00:00:00Z`,
      end_date: `${isoDay(Date.now() + day)}T00:00:00Z`,
    }
    const res = await app.call("GET", `/api/v2/machines/${tractor}/activities${q(period)}`, {
      headers: { authorization: `JWT ${token}` },
    })
    expect(res.status).toBe(200)
    const list = (await res.json()) as Array<{
      fieldCount: number
      areaHa: number | null
      fuelLitres: number | null
    }>
    expect(list.length).toBeGreaterThan(0)
    // Its fields are its members' demo fields; its fuel comes from its reference consumption (18 L/h).
    expect(list.some((a) => a.fieldCount > 0)).toBe(true)
    expect(list.every((a) => a.fuelLitres !== null && a.fuelLitres > 0)).toBe(true)
  })
})
