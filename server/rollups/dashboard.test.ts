// Size: the API cases of a machine's dashboard reads (series, percentile, categories, figures, last
// values), each checked against exact SQL over the raw fixes, on PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { backends, signup, startTestApp, type TestApp } from "../test/app"
import { addMachine, addMember, createCluster, send } from "../test/clusters"
import { addBox, randomTrace, type SeedFix, seedFixes } from "../test/fixes"

type Person = Awaited<ReturnType<typeof signup>>
type Json = Record<string, unknown>

const hour = 3_600_000
const day = 24 * hour
const iso = (ms: number) => new Date(ms).toISOString()
const levels = ["none", "low", "medium", "high"]
/** The wire fixes of `randomTrace` as the tests seed them. */
const seedOf = (fixes: ReturnType<typeof randomTrace>): Array<SeedFix> =>
  fixes.map((f) => ({
    t: f.t,
    lng: f.lng,
    lat: f.lat,
    spd: f.spd,
    vib: levels.indexOf(f.vib),
    bat: f.bat,
    can: f.can,
  }))

describe.each(backends)("a machine's dashboard on %s", (backend) => {
  let app: TestApp
  let owner: Person
  let stranger: Person
  let cuma: string
  let machine: string
  // Box 1 on the machine for two days, box 2 after; each also sends outside its association.
  const d0 = Date.parse("2026-10-05T00:00:00Z")

  /** Per fix of the machine in [from, to): its values, time and distance (over its whole source). */
  const exactFixes = (from: number, to: number) =>
    `WITH spans AS (SELECT s.id AS source_id, a.start_date, coalesce(a.end_date, 'infinity') AS end_date
        FROM counter_associations a JOIN telemetry_sources s ON s.counter_id = a.counter_id
        WHERE a.machine_id = '${machine}'),
      f AS (SELECT f.*, lead(f.at) OVER w AS next_at, lead(f.lng) OVER w AS nlng, lead(f.lat) OVER w AS nlat
        FROM fixes f WHERE f.source_id IN (SELECT source_id FROM spans) WINDOW w AS (PARTITION BY f.source_id ORDER BY f.at)),
      x AS (SELECT f.*, CASE WHEN next_at IS NULL THEN 0 ELSE least(extract(epoch FROM next_at - at)::float8, 60) END AS dur,
          CASE WHEN next_at - at <= interval '60 seconds'
            THEN ST_DistanceSphere(ST_MakePoint(lng, lat), ST_MakePoint(nlng, nlat)) ELSE 0 END AS dist
        FROM f JOIN spans s ON s.source_id = f.source_id AND f.at >= s.start_date AND f.at < s.end_date
        WHERE f.at >= '${iso(from)}' AND f.at < '${iso(to)}')`
  const exact = <A extends object>(from: number, to: number, select: string) =>
    app.sql((sql) => sql.unsafe<A>(`${exactFixes(from, to)} ${select}`))
  const get = async (path: string, query: Record<string, string>, who: Person = owner) => {
    const [endpoint, tail] = path.split("/")
    const url = `/api/v2/${endpoint}/${machine}${tail ? `/${tail}` : ""}?${new URLSearchParams(query)}`
    const res = await send(app, who, "GET", url)
    return { status: res.status, body: res.body as Json }
  }
  const near = (got: number, want: number, relative: number) =>
    expect(Math.abs(got - want), `${got} ≉ ${want}`).toBeLessThanOrEqual(relative * Math.abs(want) + 1e-6)

  beforeAll(async () => {
    app = await startTestApp(backend)
    owner = await signup(app, { firstname: "Odile", lastname: "Owner" })
    stranger = await signup(app, { firstname: "Sam", lastname: "Stranger" })
    cuma = await createCluster(app, owner, { name: "CUMA des Tableaux" })
    machine = await addMachine(app, cuma, "Tracteur")
    await addMember(app, cuma, stranger.id, [])
    const stamp = `${backend[0].toUpperCase()}${Date.now() % 100000}`
    const boxes = [await addBox(app, `DB1${stamp}`, cuma), await addBox(app, `DB2${stamp}`, cuma)]
    for (const [i, box] of boxes.entries()) {
      await app.sql((sql) => sql`UPDATE counters SET created_at = '2026-01-01T00:00:00Z' WHERE id = ${box}`)
      const res = await send(app, owner, "POST", `/api/v2/counters/${box}/associations`, {
        cluster: cuma,
        machine,
        start_date: iso(d0 + i * 2 * day + 7 * hour + 13 * 60_000),
        end_date: i === 0 ? iso(d0 + 2 * day + 7 * hour + 13 * 60_000) : null,
      })
      expect(res.status).toBe(201)
      // Three days of fixes from each box, from the first day on: box 2's first two days are not the machine's.
      for (let k = 0; k < 3; k++)
        await seedFixes(app, box, seedOf(randomTrace(d0 + k * day + 6 * hour, 1500, 17 + i * 7 + k)))
    }
  })
  afterAll(() => app?.close())

  it("gives the period's figures as the raw fixes sum them, across the boxes' associations", async () => {
    const from = d0 + 5 * hour + 17 * 60_000 + 20_000
    const to = d0 + 4 * day
    const { status, body } = await get("dashboardMachines", { startDate: iso(from), endDate: iso(to) })
    expect(status).toBe(200)
    const [want] = await exact<Record<string, number>>(
      from,
      to,
      `SELECT count(*)::int AS fixes, sum(dur) AS seconds,
      sum(dist) AS distance, max(speed_kmh) AS max, avg(speed_kmh) AS avg, count(speed_kmh)::int AS n,
      sum(dur) FILTER (WHERE vibration = 3) AS high, avg((can ->> 'fuelRate')::float8) AS fuel FROM x`,
    )
    expect(body.fixes).toBe(want.fixes)
    expect(want.fixes).toBeGreaterThan(2000)
    near(body.seconds as number, Number(want.seconds), 1e-9)
    near(body.distance as number, Number(want.distance), 1e-5)
    const speed = body.speed as Json
    expect(speed.count).toBe(want.n)
    near(speed.max as number, Number(want.max), 1e-6)
    near(speed.avg as number, Number(want.avg), 1e-6)
    near((body.vibration as Json).high as number, Number(want.high), 1e-9)
    const fuel = (body.can as Array<{ name: string; figures: Json }>).find((c) => c.name === "fuelRate")
    near(fuel?.figures.avg as number, Number(want.fuel), 1e-6)
  })

  it("draws a series point by point as the raw fixes give each hour, and sums a quantity", async () => {
    const from = d0 + 6 * hour
    const to = d0 + 30 * hour
    const q = { startDate: iso(from), endDate: iso(to), nbrOfValues: "24" }
    const max = await get("temporalDatas", { ...q, field: "speed", fct: "max" })
    expect(max.status).toBe(200)
    expect(max.body.resolution).toBe("hour")
    const want = await exact<{ h: number; max: number; min: number; dist: number }>(
      from,
      to,
      `SELECT
      floor(extract(epoch FROM at - '${iso(from)}'::timestamptz) / 3600)::int AS h, max(speed_kmh) AS max,
      min(speed_kmh) AS min, sum(dist) AS dist FROM x GROUP BY 1 ORDER BY 1`,
    )
    const points = max.body.points as Array<{
      at: string
      value: number | null
      min: number | null
      max: number | null
    }>
    expect(points).toHaveLength(24)
    for (const w of want) {
      near(points[w.h].value ?? Number.NaN, Number(w.max), 1e-6)
      near(points[w.h].min ?? Number.NaN, Number(w.min), 1e-6)
    }
    // An hour without fixes is a gap, not a zero.
    const empty = points.filter((_, h) => !want.some((w) => w.h === h))
    for (const p of empty) expect(p.value).toBeNull()
    const distance = await get("temporalDatas", { ...q, field: "distance", fct: "sum" })
    const byHour = distance.body.points as Array<{ value: number }>
    for (const w of want) near(byHour[w.h].value, Number(w.dist), 1e-5)
  })

  it("reads a short period from the fixes themselves, each point with its step's extremes", async () => {
    const from = d0 + 8 * hour
    const to = d0 + 9 * hour
    const { body } = await get("temporalDatas", {
      startDate: iso(from),
      endDate: iso(to),
      field: "can.engineSpeed",
      nbrOfValues: "120",
      fct: "avg",
    })
    expect(body.resolution).toBe("fixes")
    const [want] = await exact<{ max: number; min: number }>(
      from,
      to,
      `SELECT max((can ->> 'engineSpeed')::float8) AS max,
      min((can ->> 'engineSpeed')::float8) AS min FROM x`,
    )
    const points = body.points as Array<{ min: number | null; max: number | null }>
    near(Math.max(...points.map((p) => p.max ?? -Infinity)), Number(want.max), 1e-9)
    near(Math.min(...points.map((p) => p.min ?? Infinity)), Number(want.min), 1e-9)
  })

  it("gives a percentile within 1 % of percentile_cont over the raw fixes", async () => {
    const from = d0 + 5 * hour + 1234
    const to = d0 + 3 * day + 11 * hour + 56_789
    for (const p of [5, 50, 90, 99]) {
      const speed = await get("temporalDatas/percentile", {
        startDate: iso(from),
        endDate: iso(to),
        dataType: "speed",
        percentile: String(p),
      })
      const [want] = await exact<{ v: number; n: number }>(
        from,
        to,
        `SELECT percentile_cont(${p / 100}) WITHIN GROUP (ORDER BY speed_kmh) AS v,
        count(speed_kmh)::int AS n FROM x`,
      )
      expect(speed.body.fixes).toBe(want.n)
      near(speed.body.result as number, Number(want.v), 0.01)
      const can = await get("temporalDatas/percentile", {
        startDate: iso(from),
        endDate: iso(to),
        dataType: "can",
        value: "fuelRate",
        percentile: String(p),
      })
      const [w2] = await exact<{ v: number }>(
        from,
        to,
        `SELECT percentile_cont(${p / 100}) WITHIN GROUP (ORDER BY (can ->> 'fuelRate')::float8) AS v FROM x`,
      )
      near(can.body.result as number, Number(w2.v), 0.01)
    }
  })

  it("counts time per vibration level exactly, and fixes per speed band", async () => {
    const from = d0
    const to = d0 + 4 * day
    const vib = await get("computeCategoriesCounterDatas", {
      startDate: iso(from),
      endDate: iso(to),
      dataType: "vibration",
    })
    const want = await exact<{ v: number; s: number }>(
      from,
      to,
      "SELECT vibration AS v, sum(dur) AS s FROM x GROUP BY 1",
    )
    for (const w of want)
      near((vib.body.categories as Array<{ result: number }>)[w.v].result, Number(w.s), 1e-9)
    const bandsAnswer = await get("computeCategoriesCounterDatas", {
      startDate: iso(from),
      endDate: iso(to),
      dataType: "speed",
      min: "0",
      max: "30",
      step: "10",
      resultType: "fixes",
    })
    const bands = bandsAnswer.body.categories as Array<{ from: number; to: number; result: number }>
    expect(bands.map((b) => [b.from, b.to])).toEqual([
      [0, 10],
      [10, 20],
      [20, 30],
    ])
    for (const b of bands) {
      // A bin is 2 % wide: a value that close to a band's edge may be counted on either side.
      const [range] = await exact<{ inner: number; outer: number }>(
        from,
        to,
        `SELECT
        count(*) FILTER (WHERE speed_kmh >= ${b.from * 1.02} AND speed_kmh < ${b.to / 1.02})::int AS inner,
        count(*) FILTER (WHERE speed_kmh >= ${b.from / 1.02} AND speed_kmh < ${b.to * 1.02})::int AS outer FROM x`,
      )
      expect(b.result).toBeGreaterThanOrEqual(range.inner)
      expect(b.result).toBeLessThanOrEqual(range.outer)
    }
  })

  it("gives each value's latest reading", async () => {
    const { body } = await get("lastTemporalDatas", {})
    const values = body.values as Array<{ field: string; at: string; value: number }>
    const [want] = await exact<{ at: Date; bat: number }>(
      0,
      d0 + 10 * day,
      "SELECT at, battery AS bat FROM x ORDER BY at DESC LIMIT 1",
    )
    const battery = values.find((v) => v.field === "battery")
    expect(Date.parse(battery?.at ?? "")).toBe(new Date(want.at).getTime())
    expect(battery?.value).toBe(Number(want.bat))
    expect(values.map((v) => v.field)).toEqual(
      expect.arrayContaining(["speed", "can.engineSpeed", "can.fuelRate"]),
    )
  })

  it("gives running totals from the maintenance data's measurement on, and leaves out machines one does not see", async () => {
    const measuredAt = d0 + day + 9 * hour
    await app.sql(
      (sql) =>
        sql`UPDATE machines SET maintenance = ${JSON.stringify({
          engineHours: 100,
          engineHoursMeasuredAt: iso(measuredAt),
          totalDistanceKm: 2000,
        })}::jsonb WHERE id = ${machine}`,
    )
    const res = await send(app, owner, "GET", `/api/v2/machinesComputedData?machines=${machine}`)
    expect(res.status).toBe(200)
    const [data] = res.body.machines
    const [want] = await exact<{ engine: number; dist: number }>(
      measuredAt,
      Date.now(),
      `SELECT
      coalesce(sum(dur) FILTER (WHERE coalesce((can ->> 'engineSpeed')::float8 > 0, false) OR vibration >= 1), 0) AS engine,
      coalesce(sum(dist), 0) AS dist FROM x`,
    )
    expect(data.since).toBe(iso(measuredAt))
    expect(data.engineHours.measured).toBe(100)
    near(data.engineHours.recorded, Number(want.engine) / 3600, 1e-9)
    near(data.engineHours.total, 100 + Number(want.engine) / 3600, 1e-9)
    near(data.km.total, 2000 + Number(want.dist) / 1000, 1e-5)
    expect(data.workingHours.measured).toBeNull()
    const hidden = await send(app, stranger, "GET", `/api/v2/machinesComputedData?machines=${machine}`)
    expect(hidden.body.machines).toEqual([])
    expect((await send(app, owner, "GET", "/api/v2/machinesComputedData?machines=nope")).status).toBe(400)
  })

  it("refuses bad input with a clear code, and hides the dashboard from members without the right", async () => {
    const q = { startDate: iso(d0), endDate: iso(d0 + day) }
    const wrongFct = await get("temporalDatas", { ...q, field: "distance", fct: "avg" })
    expect(wrongFct.status).toBe(400)
    expect(JSON.stringify(wrongFct.body)).toContain("fctNotForField")
    const reversed = await get("temporalDatas", {
      startDate: q.endDate,
      endDate: q.startDate,
      field: "speed",
    })
    expect(reversed.status).toBe(400)
    expect(JSON.stringify(reversed.body)).toContain("endBeforeStart")
    expect((await get("temporalDatas", { ...q, field: "speed", nbrOfValues: "0" })).status).toBe(400)
    expect((await get("temporalDatas", { ...q, field: "pressure" })).status).toBe(400)
    const noName = await get("temporalDatas/percentile", { ...q, dataType: "can", percentile: "50" })
    expect(noName.status).toBe(400)
    expect(
      (await get("temporalDatas/percentile", { ...q, dataType: "speed", percentile: "101" })).status,
    ).toBe(400)
    expect((await get("computeCategoriesCounterDatas", { ...q, dataType: "speed" })).status).toBe(400)
    expect((await get("dashboardMachines", q, stranger)).status).toBe(403)
  })
})
