// Size: the API case of work across midnight, on PGlite and PostgreSQL, stored once whichever day computes it.
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { backends, signup, startTestApp, type TestApp } from "../test/app"
import { addMachine, createCluster, send } from "../test/clusters"
import { machineDay } from "./days"
import { activitiesWorld, day, fieldAt, isoDay, q, tractorDay } from "./fixture"

type Person = Awaited<ReturnType<typeof signup>>
const date = isoDay(Date.now() - 4 * day)
const period = {
  start_date: `${isoDay(Date.now() - 7 * day)}T00:00:00Z`,
  end_date: `${isoDay(Date.now() + day)}T00:00:00Z`,
}

describe.each(backends)(
  "work across midnight on %s",
  (backend) => {
    let app: TestApp
    const world = activitiesWorld(() => app)
    let owner: Person
    let cuma: string
    // Local midnight (the structure's, Europe/Paris) at the end of the simulated date.
    const midnight = machineDay(isoDay(Date.parse(date) + day), "Europe/Paris").start
    // The simulated day moved so that the middle of its work falls on that midnight.
    const simulated = tractorDay(date, [fieldAt(0), fieldAt(800, "Les Longues Raies")], 21).fixes
    const moving = simulated.filter((f) => (f.spd ?? 0) > 3).map((f) => Date.parse(f.t))
    const shift = midnight - (moving[0] + moving[moving.length - 1]) / 2
    const fixes = simulated.map((f) => ({ ...f, t: new Date(Date.parse(f.t) + shift).toISOString() }))

    const run = async (limitation: "none" | "day") => {
      const machine = await addMachine(app, cuma, `Tracteur de nuit (${limitation})`)
      await app.sql(
        (sql) => sql`UPDATE machines SET tool_width_m = 6, max_working_speed_kmh = 12,
        settings = ${JSON.stringify({ timeLimitation: limitation })}::jsonb WHERE id = ${machine}`,
      )
      const box = await world.boxOn(cuma, machine, new Date(Date.now() - 30 * day).toISOString(), owner)
      await world.upload(box, fixes)
      await world.settled()
      const res = await send(app, owner, "GET", `/api/v2/machines/${machine}/activities${q(period)}`)
      expect(res.status).toBe(200)
      return (res.body as Array<{ id: string; start: string; end: string }>)
        .map((a) => ({ id: a.id, start: Date.parse(a.start), end: Date.parse(a.end) }))
        .sort((a, b) => a.start - b.start)
    }
    const crosses = (a: { start: number; end: number }) => a.start < midnight && a.end > midnight

    beforeAll(async () => {
      app = await startTestApp(backend)
      owner = await signup(app)
      cuma = await createCluster(app, owner, { name: "CUMA de Nuit" })
    })
    afterAll(() => app?.close())

    it("stores work across midnight once when the time limitation is none, and cuts it there when it is the day", async () => {
      const whole = await run("none")
      expect(whole.some(crosses)).toBe(true)
      // Each day read the other's hours too: still no activity twice, none overlapping another.
      for (let i = 1; i < whole.length; i++) expect(whole[i].start).toBeGreaterThanOrEqual(whole[i - 1].end)
      const cut = await run("day")
      expect(cut.length).toBeGreaterThan(0)
      expect(cut.some(crosses)).toBe(false)
      for (let i = 1; i < cut.length; i++) expect(cut[i].start).toBeGreaterThanOrEqual(cut[i - 1].end)
    })
  },
  300_000,
)
