// Size: the API cases of a machine's position history (segments, gaps, simplification, bounds), each run on PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { historyFullFixes } from "../../src/schema/positions"
import { backends, signup, startTestApp, type TestApp } from "../test/app"
import { addMachine, addMember, createCluster, send } from "../test/clusters"
import { addBox, type SeedFix, seedFixes, track } from "../test/fixes"

type Person = Awaited<ReturnType<typeof signup>>
type Point = [number, number, number, number | null]
type Segment = { start: string; end: string; fixes: number; points: Array<Point> }

const minute = 60_000
const base = Date.parse("2026-11-20T08:00:00Z")
const t = (minutes: number) => new Date(base + minutes * minute).toISOString()

/**
 * `passes` passes of a field worked east and west, `perPass` fixes each 5 s apart, 2 m apart, a
 * headland step north between them, each fix off the line by up to 0.4 m (receiver noise).
 */
const fieldWork = (from: string, passes: number, perPass: number): Array<SeedFix> => {
  const fixes: Array<SeedFix> = []
  const m = 1 / 111_320
  for (let p = 0; p < passes; p++)
    for (let i = 0; i < perPass; i++) {
      const along = p % 2 === 0 ? i : perPass - 1 - i
      const noise = (((i * 7919 + p * 104_729) % 9) - 4) * 0.1
      fixes.push({
        t: new Date(Date.parse(from) + (p * perPass + i) * 5000).toISOString(),
        lng: 1.5 + along * 2 * m * 1.45,
        lat: 48.2 + (p * 6 + noise) * m,
        spd: 7.2,
      })
    }
  return fixes
}

describe.each(backends)("a machine's position history on %s", (backend) => {
  let app: TestApp
  let owner: Person
  let viewer: Person
  let cuma: string
  let n = 0
  const machine = async (name: string, from: string) => {
    const id = await addMachine(app, cuma, name)
    const box = await addBox(app, `HI${backend[0].toUpperCase()}${++n}X${Date.now() % 100000}`, cuma)
    const res = await send(app, owner, "POST", `/api/v2/counters/${box}/associations`, {
      cluster: cuma,
      machine: id,
      start_date: from,
      end_date: null,
    })
    expect(res.status).toBe(201)
    return { id, box }
  }
  const history = (who: Person, id: string, startDate: string, endDate: string) =>
    send(
      app,
      who,
      "GET",
      `/api/v2/machinesGeolocation/history/${id}?${new URLSearchParams({ startDate, endDate })}`,
    )

  beforeAll(async () => {
    app = await startTestApp(backend)
    owner = await signup(app, { firstname: "Odile", lastname: "Owner" })
    viewer = await signup(app, { firstname: "Victor", lastname: "Viewer" })
    cuma = await createCluster(app, owner, { name: "CUMA des Chemins" })
    await addMember(app, cuma, viewer.id, ["seeMachines"])
  })
  afterAll(() => app?.close())

  it("gives the trace in segments split where the box fell silent, every fix a point, within the period and the association", async () => {
    const { id, box } = await machine("Tracteur", t(0))
    await seedFixes(app, box, [
      { t: t(-10), lng: 9, lat: 9 }, // before the box was on the machine
      ...track(t(0), 10, 5),
      // Twenty minutes of silence, then a road trip with speeds.
      ...track(t(21), 4, 5, { spd: 24.5, lat: 48.9 }),
      { t: t(200), lng: 8, lat: 8 }, // after the period asked
    ])
    const res = await history(viewer, id, t(-30), t(60))
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ machine: id, fixes: 14, tolerance: 0 })
    const segments = res.body.segments as Array<Segment>
    expect(segments.map((s) => [s.start, s.end, s.fixes, s.points.length])).toEqual([
      [t(0), new Date(base + 45_000).toISOString(), 10, 10],
      [t(21), new Date(base + 21 * minute + 15_000).toISOString(), 4, 4],
    ])
    // Each point: longitude, latitude, seconds since its segment's start, speed (none sent: null).
    expect(segments[0].points[0]).toEqual([2.35, 48.85, 0, null])
    expect(segments[0].points[3][0]).toBeCloseTo(2.3503, 9)
    expect(segments[0].points[3][2]).toBe(15)
    expect(segments[1].points[1]).toEqual([expect.closeTo(2.3501, 9), 48.9, 5, 24.5])

    // A period with nothing: no segment.
    const empty = await history(viewer, id, t(300), t(400))
    expect(empty.body).toMatchObject({ fixes: 0, tolerance: 0, segments: [] })
  })

  it("simplifies a long period: the points kept are fixes as sent, the corners of the passes among them", async () => {
    const { id, box } = await machine("Semoir", t(-60))
    const passes = 30
    const perPass = Math.ceil((historyFullFixes + 4000) / passes)
    const fixes = fieldWork(t(0), passes, perPass)
    await seedFixes(app, box, fixes)
    const res = await history(viewer, id, t(-60), new Date(base + 3 * 86_400_000).toISOString())
    expect(res.status).toBe(200)
    expect(res.body.fixes).toBe(passes * perPass)
    expect(res.body.tolerance).toBeGreaterThan(0)
    expect(res.body.tolerance).toBeLessThanOrEqual(10)
    const [segment] = res.body.segments as Array<Segment>
    expect(res.body.segments).toHaveLength(1)
    expect(segment.fixes).toBe(passes * perPass)
    // The noise is gone, the passes stay: a few points per pass, not hundreds.
    expect(segment.points.length).toBeLessThan(passes * 8)
    expect(segment.points.length).toBeGreaterThanOrEqual(passes * 2)
    // Every point kept is a fix as the box sent it: its time, place and speed.
    const byTime = new Map(fixes.map((f) => [Date.parse(f.t), f]))
    for (const [lng, lat, seconds, speed] of segment.points) {
      const sent = byTime.get(Date.parse(segment.start) + seconds * 1000)
      expect(sent).toBeDefined()
      expect(lng).toBeCloseTo(sent?.lng ?? Number.NaN, 9)
      expect(lat).toBeCloseTo(sent?.lat ?? Number.NaN, 9)
      expect(speed).toBeCloseTo(7.2, 4)
    }
    // Both ends of every pass are kept (the turns at the headlands).
    const kept = new Set(segment.points.map((p) => p[2]))
    for (let p = 0; p < passes; p++) {
      expect(kept.has(p * perPass * 5)).toBe(true)
      expect(kept.has((p * perPass + perPass - 1) * 5)).toBe(true)
    }
  })

  it("refuses a period that ends before it starts, or longer than 31 days, and one that is no date", async () => {
    const { id } = await machine("Faucheuse", t(0))
    const backwards = await history(viewer, id, t(60), t(0))
    expect(backwards).toMatchObject({ status: 400, body: { code: "endBeforeStart" } })
    const long = await history(viewer, id, t(0), new Date(base + 32 * 86_400_000).toISOString())
    expect(long).toMatchObject({ status: 400, body: { code: "outOfRange" } })
    expect((await history(viewer, id, "hier", t(0))).status).toBe(400)
    expect((await history(viewer, id, t(0), new Date(base + 31 * 86_400_000).toISOString())).status).toBe(200)
  })
})
