// Size: the API cases of activities recomputed by themselves, each run on PGlite and PostgreSQL, sharing one simulated day.
import { Clock, Effect } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { backends, signup, startTestApp, type TestApp } from "../test/app"
import { addMachine, createCluster, send } from "../test/clusters"
import { activitiesWorld, day, fieldAt, q, testDate, testPeriod, testSince, tractorDay } from "./fixture"
import { queueFinalDays } from "./jobs"
import { recomputeMachineDay } from "./recompute"

type Person = Awaited<ReturnType<typeof signup>>

/** The real clock, `offset` ms ahead (sleeps stay real: only what the code reads as now moves). */
const clockAhead = (offset: number): Clock.Clock => {
  const real = Clock.make()
  const millis = () => real.unsafeCurrentTimeMillis() + offset
  return {
    [Clock.ClockTypeId]: Clock.ClockTypeId,
    unsafeCurrentTimeMillis: millis,
    currentTimeMillis: Effect.sync(millis),
    unsafeCurrentTimeNanos: () => BigInt(millis()) * 1_000_000n,
    currentTimeNanos: Effect.sync(() => BigInt(millis()) * 1_000_000n),
    sleep: (duration) => real.sleep(duration),
  }
}

const date = testDate
const period = testPeriod
const since = testSince

describe.each(backends)(
  "activities recomputed by themselves on %s",
  (backend) => {
    let app: TestApp
    const world = activitiesWorld(() => app)
    let owner: Person
    let cuma: string
    const simulated = tractorDay(date, [fieldAt(0), fieldAt(800, "Les Longues Raies")])
    const noon = Date.parse(`${date}T11:00:00Z`)
    const morning = simulated.fixes.filter((f) => Date.parse(f.t) < noon)
    const afternoon = simulated.fixes.filter((f) => Date.parse(f.t) >= noon)

    const activities = async (machine: string) => {
      const res = await send(app, owner, "GET", `/api/v2/machines/${machine}/activities${q(period)}`)
      expect(res.status).toBe(200)
      return res.body as Array<{
        id: string
        start: string
        end: string
        durationSeconds: number
        provisional: boolean
      }>
    }
    const tractorWithBox = async (name: string) => {
      const machine = await addMachine(app, cuma, name)
      await app.sql(
        (sql) => sql`UPDATE machines SET tool_width_m = 6, max_working_speed_kmh = 12 WHERE id = ${machine}`,
      )
      return { machine, box: await world.boxOn(cuma, machine, since, owner) }
    }

    beforeAll(async () => {
      app = await startTestApp(backend)
      owner = await signup(app, { firstname: "Odile", lastname: "Owner" })
      cuma = await createCluster(app, owner, { name: "CUMA des Sillons" })
    })
    afterAll(() => app?.close())

    it("computes a day once its fixes arrive, and again when a late batch completes it", async () => {
      const { machine, box } = await tractorWithBox("Tracteur matin")
      await world.upload(box, morning)
      await world.settled()
      const before = await activities(machine)
      expect(before.length).toBeGreaterThan(0)
      expect(before.every((a) => !a.provisional)).toBe(true)
      await world.upload(box, afternoon)
      await world.settled()
      const after = await activities(machine)
      const lastEnd = (list: typeof after) => Math.max(...list.map((a) => Date.parse(a.end)))
      expect(lastEnd(after)).toBeGreaterThan(lastEnd(before))
      // The morning's first activity is the same one: it kept its id.
      const first = (list: typeof after) =>
        [...list].sort((a, b) => Date.parse(a.start) - Date.parse(b.start))[0]
      expect(first(after).id).toBe(first(before).id)
    })

    it("labels each fix in the expert history with its state and activity, and the trace with its states", async () => {
      const { machine, box } = await tractorWithBox("Tracteur étiqueté")
      const hour = simulated.fixes.filter((f) => Date.parse(f.t) < Date.parse(`${date}T12:00:00Z`))
      await world.upload(box, hour)
      await world.settled()
      const list = await activities(machine)
      expect(list.length).toBeGreaterThan(0)
      const a = list[list.length - 1]
      const page = await send(
        app,
        owner,
        "GET",
        `/api/v2/expert/machines/${machine}/history_locs${q({ start_date: a.start, end_date: a.end, limit: "1000" })}`,
      )
      expect(page.status).toBe(200)
      const fixes = page.body.fixes as Array<{ state: string | null; activity: string | null }>
      expect(fixes.length).toBeGreaterThan(0)
      expect(fixes.every((f) => f.state !== null)).toBe(true)
      expect(fixes.filter((f) => f.activity === a.id).length).toBeGreaterThan(fixes.length / 2)
      const trace = await send(app, owner, "GET", `/api/v2/activities/${a.id}/trace`)
      expect(trace.status).toBe(200)
      expect(trace.body.activity).toBe(a.id)
      expect(trace.body.points.length).toBeGreaterThan(0)
      expect(new Set(trace.body.points.map((p: { state: string }) => p.state)).has("fieldWork")).toBe(true)
      const csv = await app.call(
        "GET",
        `/api/v2/expert/machines/${machine}/history_locs.csv${q({ start_date: a.start, end_date: a.end })}`,
        { headers: owner.auth },
      )
      const [header, line] = (await csv.text()).trim().split("\n")
      expect(header.endsWith(",state,activity")).toBe(true)
      expect(line.endsWith(`,${a.id}`)).toBe(true)
    })

    it("recomputes the machine's days when its settings change", async () => {
      const { machine, box } = await tractorWithBox("Tracteur réglé")
      await world.upload(box, simulated.fixes)
      await world.settled()
      expect((await activities(machine)).length).toBeGreaterThan(0)
      // No work lasts a whole day: with that minimum, the day has no activity left.
      const res = await send(app, owner, "PATCH", `/api/v2/machines/${machine}`, {
        editMachine: { settings: { minActivityDurationMinutes: 1440 } },
      })
      expect(res.status).toBe(200)
      await world.settled()
      expect(await activities(machine)).toEqual([])
    })

    it("recomputes the days a field drawn over the trace touches: the activity names it", async () => {
      const field = fieldAt(1600, "Le Champ Neuf")
      const { machine, box } = await tractorWithBox("Tracteur des champs")
      await world.upload(box, tractorDay(date, [field], 11).fixes)
      await world.settled()
      const fieldsOf = async () =>
        (await activities(machine)).flatMap((a) =>
          (a as unknown as { fields: Array<{ id: string }> }).fields.map((f) => f.id),
        )
      expect(await fieldsOf()).not.toContain(field.id)
      const put = await send(app, owner, "PUT", `/api/v2/fields/${field.id}`, {
        name: field.name,
        geometry: field.geometry,
        crop: null,
      })
      expect(put.status).toBeLessThan(300)
      await world.settled()
      expect(await fieldsOf()).toContain(field.id)
    })

    it("recomputes when an association's dates change: fixes it now covers make activities", async () => {
      const machine = await addMachine(app, cuma, "Tracteur associé tard")
      await app.sql((sql) => sql`UPDATE machines SET tool_width_m = 6 WHERE id = ${machine}`)
      const box = await world.boxOn(cuma, machine, new Date(Date.now() - day).toISOString(), owner)
      await world.upload(box, simulated.fixes)
      await world.settled()
      expect(await activities(machine)).toEqual([])
      const res = await send(app, owner, "PATCH", `/api/v2/associations/${box.association}`, {
        start_date: since,
      })
      expect(res.status).toBe(200)
      await world.settled()
      expect((await activities(machine)).length).toBeGreaterThan(0)
    })

    it("keeps a day provisional until the boxes' replay window has passed, then makes it final", async () => {
      const { machine, box } = await tractorWithBox("Tracteur du jour")
      // The simulated day moved so that its last fix was a minute ago.
      const now = Date.now()
      const fixes = tractorDay(date, [fieldAt(0)], 3).fixes
      const shift = now - 60_000 - Date.parse(fixes[fixes.length - 1].t)
      await world.upload(
        box,
        fixes.map((f) => ({ ...f, t: new Date(Date.parse(f.t) + shift).toISOString() })),
      )
      await world.settled()
      expect((await activities(machine)).length).toBeGreaterThan(0)
      expect((await activities(machine)).every((a) => a.provisional)).toBe(true)
      const computedAt = () =>
        app.sql(
          (sql) =>
            sql<{
              at: string
            }>`SELECT max(computed_at)::text AS at FROM activities WHERE machine_id = ${machine}`,
        )
      // Today, the hourly job leaves the day alone.
      const first = await computedAt()
      await world.run(queueFinalDays)
      await world.settled()
      expect(await computedAt()).toEqual(first)
      // Two days later it queues the day again; recomputed then, the day is final.
      const later = clockAhead(2 * day + 3_600_000)
      await world.run(queueFinalDays.pipe(Effect.withClock(later)))
      await world.settled()
      expect(await computedAt()).not.toEqual(first)
      const days = await app.sql(
        (sql) =>
          sql<{
            day: string
          }>`SELECT DISTINCT day::text AS day FROM activities WHERE machine_id = ${machine}`,
      )
      for (const { day: d } of days)
        await world.run(recomputeMachineDay(machine, d).pipe(Effect.withClock(later)))
      expect((await activities(machine)).every((a) => !a.provisional)).toBe(true)
    })
  },
  300_000,
)
