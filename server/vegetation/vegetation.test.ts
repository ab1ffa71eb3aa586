import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest"
import { configFromEnv } from "../config"
import { backends, eventually, signup, startTestApp, type TestApp } from "../test/app"
import { addMember, createCluster, send } from "../test/clusters"
import { beauce, fieldCalls, polygon, square } from "../test/fields"
import { type SentinelHubStandIn, startSentinelHubStandIn } from "../test/sentinelHub"
import { seasonRange } from "./service"

type Person = Awaited<ReturnType<typeof signup>>
interface Season {
  status: string
  problem: string | null
  fetchedAt: string | null
  intervals: Array<{ from: string; to: string; ndvi: number | null; clear: number }>
}

describe.each(backends)("vegetation index on %s", (backend) => {
  let app: TestApp
  let standIn: SentinelHubStandIn
  beforeAll(async () => {
    standIn = await startSentinelHubStandIn()
    app = await startTestApp(backend, { vegetation: standIn.config() })
  })
  afterAll(async () => {
    await app?.close()
    await standIn?.close()
  })
  beforeEach(() => standIn.fail(200, 0))
  const { putField } = fieldCalls(() => app)

  const season = (who: Person, id: string, year: number | string = 2024) =>
    send(app, who, "GET", `/api/v2/fields/${id}/vegetation?year=${year}`)
  /** The season once its status is no longer `pending`. */
  const settled = (who: Person, id: string, year = 2024) =>
    eventually(async () => {
      const r = await season(who, id, year)
      return r.body.status === "pending" ? undefined : (r.body as Season)
    })
  const field = async (who: Person, lng = beauce.lng) =>
    (await putField(who, { name: "La Pièce du Moulin", geometry: polygon(square(lng, beauce.lat, 200)) })).id

  it("asks the provider for a field's season once, then answers what it stored: no image, cloudy and clear intervals apart", async () => {
    const anne = await signup(app)
    const id = await field(anne)
    const before = standIn.requests.length
    const first = await season(anne, id)
    expect(first.status).toBe(200)
    expect(first.body).toMatchObject({
      fieldId: id,
      year: 2024,
      status: "pending",
      problem: null,
      fetchedAt: null,
    })
    const ready = await settled(anne, id)
    expect(ready.status).toBe("ready")
    expect(ready.fetchedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/)

    // What was asked: the field in its UTM zone (31N), the whole of 2024 in 5-day intervals, 10 m pixels.
    expect(standIn.requests.length).toBe(before + 1)
    const asked = standIn.requests.at(-1)
    expect(asked?.input?.bounds?.properties?.crs).toBe("http://www.opengis.net/def/crs/EPSG/0/32631")
    expect(asked?.input?.bounds?.geometry?.type).toBe("MultiPolygon")
    expect(asked?.aggregation?.timeRange).toEqual({
      from: "2024-01-01T00:00:00Z",
      to: "2025-01-01T00:00:00Z",
    })
    expect(asked?.aggregation?.aggregationInterval?.of).toBe("P5D")
    expect([asked?.aggregation?.resx, asked?.aggregation?.resy]).toEqual([10, 10])

    // 74 intervals of 5 days in 2024 (the last one shortened); the stand-in had no image for every fourth.
    expect(ready.intervals).toHaveLength(74 - Math.floor(74 / 4))
    expect(ready.intervals.map((i) => i.from)).not.toContain("2024-01-16")
    expect(ready.intervals[0]).toMatchObject({ from: "2024-01-01", to: "2024-01-05" })
    // Under cloud (every pixel masked) and two-thirds cloudy: kept, with no value.
    const cloudy = ready.intervals.find((i) => i.from === "2024-01-31")
    expect(cloudy).toMatchObject({ ndvi: null, clear: 0 })
    const mostlyCloudy = ready.intervals.find((i) => i.from === "2024-02-20")
    expect(mostlyCloudy?.ndvi).toBeNull()
    expect(mostlyCloudy?.clear).toBeCloseTo(1 / 3, 2)
    // A clear one carries the stand-in's figures: low in winter, high in June.
    const winter = ready.intervals[0]?.ndvi ?? 0
    const june = ready.intervals.find((i) => i.from === "2024-06-14")?.ndvi ?? 0
    expect(winter).toBeGreaterThan(0.1)
    expect(winter).toBeLessThan(0.4)
    expect(june).toBeGreaterThan(0.7)

    // Asked again: stored and fresh, the provider is not asked.
    const again = await season(anne, id)
    expect(again.body).toEqual(ready)
    expect(standIn.requests.length).toBe(before + 1)
  })

  it("keeps one token until it expires, and asks a new one once when the provider refuses it", async () => {
    const anne = await signup(app)
    await settled(anne, await field(anne))
    const tokens = standIn.tokens()
    await settled(anne, await field(anne, 1.3))
    expect(standIn.tokens()).toBe(tokens)
    standIn.revokeTokens()
    expect((await settled(anne, await field(anne, 1.35))).status).toBe("ready")
    expect(standIn.tokens()).toBe(tokens + 1)
  })

  it("refetches a season when the field's outline changed after it was fetched", async () => {
    const anne = await signup(app)
    const id = await field(anne)
    await settled(anne, id)
    const before = standIn.requests.length
    await putField(
      anne,
      { name: "La Pièce du Moulin", geometry: polygon(square(beauce.lng, beauce.lat, 300)) },
      id,
    )
    expect((await season(anne, id)).body.status).toBe("pending")
    expect((await settled(anne, id)).status).toBe("ready")
    expect(standIn.requests.length).toBe(before + 1)
  })

  it.each([
    [401, "vegetationRefused"],
    [400, "vegetationRejected"],
  ])(
    "a %i from the provider is not tried again: the season is failed, saying why, and asked again by a visit 10 minutes later",
    async (status, problem) => {
      const anne = await signup(app)
      const id = await field(anne)
      standIn.fail(status, 2)
      expect(await settled(anne, id)).toMatchObject({ status: "failed", problem, intervals: [] })
      standIn.fail(200, 0)
      const asked = standIn.requests.length
      expect((await season(anne, id)).body).toMatchObject({ status: "failed", problem })
      expect(standIn.requests.length).toBe(asked)
      // Ten minutes later, a visit asks again.
      await app.sql((sql) => sql`UPDATE vegetation_seasons SET requested_at = now() - interval '11 minutes'`)
      expect((await season(anne, id)).body).toMatchObject({ status: "pending", problem: null })
      expect((await settled(anne, id)).status).toBe("ready")
    },
  )

  it.each([
    [429, "vegetationRateLimited"],
    [500, "vegetationUnavailable"],
  ])(
    "a %i is tried again later, saying why meanwhile; past the last try the season is failed",
    async (status, problem) => {
      const anne = await signup(app)
      const id = await field(anne)
      standIn.fail(status, 2)
      await season(anne, id)
      // Between the tries the season says why it waits.
      const waiting = await eventually(async () => {
        const r = (await season(anne, id)).body as Season
        return r.problem === problem || r.status === "ready" ? r : undefined
      })
      expect(["pending", "ready"]).toContain(waiting.status)
      expect((await settled(anne, id)).status).toBe("ready")

      const other = await field(anne, 1.4)
      standIn.fail(status, 100)
      expect(await settled(anne, other)).toMatchObject({ status: "failed", problem })
    },
  )

  it("answers the last clear value of each field the caller sees, for the map", async () => {
    const anne = await signup(app)
    const bruno = await signup(app)
    const mine = await field(anne)
    const his = await field(bruno, 1.45)
    await settled(anne, mine)
    await settled(bruno, his)
    const latest = await send(app, anne, "GET", "/api/v2/vegetation?year=2024")
    expect(latest.status).toBe(200)
    const last = (await settled(anne, mine)).intervals.filter((i) => i.ndvi !== null).at(-1)
    expect(latest.body).toEqual([{ fieldId: mine, day: last?.to, ndvi: last?.ndvi }])
  })

  it("lets whoever sees the field read it, and no one else (404)", async () => {
    const anne = await signup(app)
    const carla = await signup(app)
    const id = await field(anne)
    expect((await season(carla, id)).status).toBe(404)
    const cluster = await createCluster(app, anne)
    await addMember(app, cluster, carla.id, ["seeMachines"])
    expect((await season(carla, id)).status).toBe(200)
    expect((await send(app, undefined, "GET", `/api/v2/fields/${id}/vegetation?year=2024`)).status).toBe(401)
  })

  it.each(["2016", "2999", "soon", ""])("refuses the season %j (400)", async (year) => {
    const anne = await signup(app)
    const r = await season(anne, await field(anne), year)
    expect(r.status).toBe(400)
    expect(r.body._tag).toBe("BadRequest")
  })

  it("asks for the season up to today for the current year", () => {
    expect(seasonRange(2026, new Date("2026-03-14T10:00:00Z"))).toEqual({
      from: "2026-01-01T00:00:00Z",
      to: "2026-03-15T00:00:00Z",
    })
    expect(seasonRange(2025, new Date("2026-03-14T10:00:00Z")).to).toBe("2026-01-01T00:00:00Z")
  })
})

describe.each(backends)("vegetation index without configuration on %s", (backend) => {
  let app: TestApp
  beforeAll(async () => {
    app = await startTestApp(backend, { vegetation: configFromEnv({}).vegetation })
  })
  afterAll(() => app?.close())
  const { putField } = fieldCalls(() => app)

  it("says which variables the server needs (501), after the rights: nothing is stored or asked", async () => {
    const anne = await signup(app)
    const bruno = await signup(app)
    const { id } = await putField(anne, {
      name: "Les Longues Raies",
      geometry: polygon(square(beauce.lng, beauce.lat, 100)),
    })
    const expected = {
      _tag: "NotConfigured",
      code: "vegetationNotConfigured",
      message: expect.stringContaining("Copernicus"),
      missing: ["NDVI_CLIENT_ID", "NDVI_CLIENT_SECRET"],
    }
    expect(await send(app, anne, "GET", `/api/v2/fields/${id}/vegetation?year=2024`)).toEqual({
      status: 501,
      body: expected,
    })
    expect(await send(app, anne, "GET", "/api/v2/vegetation?year=2024")).toEqual({
      status: 501,
      body: expected,
    })
    expect((await send(app, bruno, "GET", `/api/v2/fields/${id}/vegetation?year=2024`)).status).toBe(404)
    const stored = await app.sql(
      (sql) => sql<{ n: number }>`SELECT count(*)::int AS n FROM vegetation_seasons`,
    )
    expect(stored[0]?.n).toBe(0)
  })
})
