// Size: the API cases of "Trouver mes machines" and the live positions stream, each run on PGlite and PostgreSQL.
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { makeWebApp } from "../app"
import { hashSecret, newSecret } from "../ingest/secrets"
import { backends, signup, startTestApp, type TestApp, unreachableProvider } from "../test/app"
import { addGrants, addMachine, addMember, createCluster, send } from "../test/clusters"
import { testDatabaseUrl } from "../test/databases"

type Person = Awaited<ReturnType<typeof signup>>
interface SseEvent {
  readonly event: string
  // biome-ignore lint/suspicious/noExplicitAny: tests read event data freely and assert its shape
  readonly data: any
}

const minute = 60_000
const iso = (ms: number) => new Date(ms).toISOString()

/** An open event stream: its events one by one, as the browser's reader gets them. */
const openStream = async (app: TestApp, who: Person, query = "") => {
  const res = await app.call("GET", `/api/v2/machinesGeolocation/live${query}`, {
    headers: { ...who.auth, accept: "text/event-stream" },
  })
  expect(res.status).toBe(200)
  expect(res.headers.get("content-type")).toContain("text/event-stream")
  const reader = (res.body as ReadableStream<Uint8Array>).getReader()
  const decoder = new TextDecoder()
  let buffer = ""
  let ended = false
  /** The next event (comments skipped); null once the stream has ended. */
  const next = async (): Promise<SseEvent | null> => {
    for (;;) {
      const cut = buffer.indexOf("\n\n")
      if (cut >= 0) {
        const block = buffer.slice(0, cut)
        buffer = buffer.slice(cut + 2)
        const lines = block.split("\n").filter((l) => !l.startsWith(":"))
        if (lines.length === 0) continue
        const event = lines.find((l) => l.startsWith("event: "))?.slice(7) ?? "message"
        const data = lines.find((l) => l.startsWith("data: "))?.slice(6)
        return { event, data: data === undefined ? undefined : JSON.parse(data) }
      }
      if (ended) return null
      const chunk = await reader.read()
      if (chunk.done) ended = true
      else buffer += decoder.decode(chunk.value, { stream: true })
    }
  }
  /** The next `fix` event. */
  const nextFix = async () => {
    for (;;) {
      const e = await next()
      if (e === null || e.event === "fix" || e.event === "closed") return e
    }
  }
  return { next, nextFix, cancel: () => reader.cancel() }
}

describe.each(backends)("find my machines and live positions on %s", (backend) => {
  let app: TestApp
  let owner: Person
  let seer: Person
  let follower: Person
  let cuma: string
  let n = 0

  /** A box with its secret, registered two days ago in the structure, on a new machine since yesterday. */
  const machineWithBox = async (name: string) => {
    const machine = await addMachine(app, cuma, name)
    const id = `LIV-${backend[0].toUpperCase()}${++n}-${Date.now() % 100000}`
    const secret = newSecret()
    await app.sql(
      (sql) => sql`INSERT INTO counters (id, cluster_id, kind, secret_hash, secret_issued_at, created_at)
        VALUES (${id}, ${cuma}, 'box', ${hashSecret(secret)}, now(), ${iso(Date.now() - 2 * 24 * 60 * minute)}::timestamptz)`,
    )
    const res = await send(app, owner, "POST", `/api/v2/counters/${id}/associations`, {
      cluster: cuma,
      machine,
      start_date: iso(Date.now() - 24 * 60 * minute),
      end_date: null,
    })
    expect(res.status).toBe(201)
    return { machine, box: { id, auth: { authorization: `Bearer ${secret}` } } }
  }
  const upload = async (
    box: { id: string; auth: Record<string, string> },
    fixes: ReadonlyArray<Record<string, unknown>>,
  ) => {
    const res = await app.call("POST", `/api/v2/boxes/${box.id}/fixes`, {
      body: { fixes },
      headers: { "content-type": "application/json", ...box.auth },
    })
    expect(res.status).toBe(200)
  }
  const fixAt = (ms: number, lng: number, extra: Record<string, unknown> = {}) => ({
    t: iso(ms),
    lng,
    lat: 47.5,
    ...extra,
  })
  const last = async (who: Person) => {
    const res = await send(app, who, "GET", "/api/v2/machinesGeolocation/last")
    expect(res.status).toBe(200)
    return res.body as Array<{
      machine: { id: string; name: string }
      position: { at: string; lng: number; lat: number; speed: number | null } | null
      counter: string | null
      battery: number | null
      live: boolean
    }>
  }

  beforeAll(async () => {
    app = await startTestApp(backend)
    owner = await signup(app, { firstname: "Odile", lastname: "Owner" })
    seer = await signup(app, { firstname: "Simon", lastname: "Seer" })
    follower = await signup(app, { firstname: "Fanny", lastname: "Follower" })
    cuma = await createCluster(app, owner, { name: "CUMA du Direct" })
    await addMember(app, cuma, seer.id, ["seeMachines"])
    await addMember(app, cuma, follower.id, ["seeMachines"])
  })
  afterAll(() => app?.close())

  it("lists every machine one sees at its newest fix, with its box, battery and whether it comes live", async () => {
    const tractor = await machineWithBox("Tracteur A")
    const idle = await addMachine(app, cuma, "Andaineur")
    const now = Date.now()
    await upload(tractor.box, [
      fixAt(now - 3 * minute, 2.1, { spd: 0, bat: 71 }),
      fixAt(now - 2 * minute, 2.2, { spd: 12.5, bat: 70 }),
    ])
    const asSeer = await last(seer)
    const mine = asSeer.find((m) => m.machine.id === tractor.machine)
    expect(mine).toMatchObject({
      machine: { name: "Tracteur A" },
      position: { at: iso(now - 2 * minute), lng: 2.2, lat: 47.5, speed: 12.5 },
      counter: tractor.box.id,
      battery: 70,
      live: false,
    })
    // A machine without any position is listed as such.
    expect(asSeer.find((m) => m.machine.id === idle)).toMatchObject({ position: null, counter: null })
    // The creator manages the machines: she receives them live.
    expect((await last(owner)).find((m) => m.machine.id === tractor.machine)?.live).toBe(true)
    // Someone outside the structure sees none of them; a grant shows that machine alone.
    const outsider = await signup(app)
    expect(await last(outsider)).toEqual([])
    await addGrants(app, tractor.machine, outsider.id, ["booking"])
    expect((await last(outsider)).map((m) => m.machine.id)).toEqual([tractor.machine])
    // A live fix newer than the stored ones is the position.
    const res = await app.call("POST", `/api/v2/boxes/${tractor.box.id}/live`, {
      body: { t: iso(now - minute), lng: 2.3, lat: 47.6, spd: 3 },
      headers: { "content-type": "application/json", ...tractor.box.auth },
    })
    expect(res.status).toBeLessThan(300)
    expect((await last(seer)).find((m) => m.machine.id === tractor.machine)?.position).toMatchObject({
      lng: 2.3,
      lat: 47.6,
    })
  })

  it("pushes a fix to whoever holds the real-time grant, never to those who only see the machine", async () => {
    const watched = await machineWithBox("Moissonneuse B")
    const other = await machineWithBox("Tracteur C")
    await addGrants(app, watched.machine, follower.id, ["realTimeView"])
    const followerStream = await openStream(app, follower)
    const seerStream = await openStream(app, seer)
    const ready = await followerStream.next()
    expect(ready?.event).toBe("ready")
    // It closes when the token expires.
    const exp = JSON.parse(Buffer.from(follower.jwt.split(".")[1], "base64url").toString()).exp as number
    expect(Date.parse(ready?.data.closesAt)).toBe(exp * 1000)
    expect((await seerStream.next())?.event).toBe("ready")

    const now = Date.now()
    // Not the follower's (no grant on it), then theirs: the first event they get is theirs.
    await upload(other.box, [fixAt(now - 30_000, 3.1)])
    await upload(watched.box, [fixAt(now - 20_000, 3.2, { spd: 9 }), fixAt(now - 25_000, 3.15, { bat: 55 })])
    const got = await followerStream.nextFix()
    expect(got).toEqual({
      event: "fix",
      data: {
        machine: watched.machine,
        counter: watched.box.id,
        at: iso(now - 20_000),
        lng: 3.2,
        lat: 47.5,
        speed: 9,
        heading: null,
        battery: 55,
      },
    })
    // The owner manages both: she would get each. The seer (seeMachines only) gets none: after a
    // fix of a machine the seer follows, that one is the first the seer's stream carries.
    const mark = await machineWithBox("Épandeur D")
    await addGrants(app, mark.machine, seer.id, ["realTimeView"])
    await upload(mark.box, [fixAt(now - 10_000, 3.3)])
    expect((await seerStream.nextFix())?.data.machine).toBe(mark.machine)
    await followerStream.cancel()
    await seerStream.cancel()
  })

  it("stops the events when the grant is taken away, and closes the stream when the session ends", async () => {
    const watched = await machineWithBox("Semoir E")
    const marker = await machineWithBox("Pulvé F")
    const person = await signup(app, { firstname: "Paul", lastname: "Passant" })
    await addMember(app, cuma, person.id, ["seeMachines"])
    await addGrants(app, watched.machine, person.id, ["realTimeView"])
    await addGrants(app, marker.machine, person.id, ["realTimeView"])
    const stream = await openStream(app, person)
    expect((await stream.next())?.event).toBe("ready")
    const now = Date.now()
    await upload(watched.box, [fixAt(now - 50_000, 4.1)])
    expect((await stream.nextFix())?.data.machine).toBe(watched.machine)

    const taken = await send(
      app,
      owner,
      "PUT",
      `/api/v2/machines/${watched.machine}/users_access/${person.id}`,
      {
        grants: [],
      },
    )
    expect(taken.status).toBe(200)
    await upload(watched.box, [fixAt(now - 40_000, 4.2)])
    await upload(marker.box, [fixAt(now - 30_000, 4.3)])
    expect((await stream.nextFix())?.data.machine).toBe(marker.machine)

    // Signed out: the session is revoked; the stream closes (at the next fix, or the sweep).
    const out = await app.call("GET", "/api/v2/auth/logout", {
      headers: { ...person.auth, "x-refresh-token": person.refreshToken },
    })
    expect(out.status).toBeLessThan(300)
    await upload(marker.box, [fixAt(now - 20_000, 4.4)])
    expect(await stream.nextFix()).toEqual({ event: "closed", data: { reason: "sessionRevoked" } })
    expect(await stream.next()).toBeNull()
  })

  it("closes after the seconds asked for, and refuses a stream without a valid token", async () => {
    const stream = await openStream(app, seer, "?seconds=1")
    expect((await stream.next())?.event).toBe("ready")
    expect(await stream.nextFix()).toEqual({ event: "closed", data: { reason: "timeUp" } })
    expect(await stream.next()).toBeNull()
    const shortest = await openStream(app, seer, "?seconds=0")
    expect((await shortest.next())?.event).toBe("ready")
    expect((await shortest.next())?.event).toBe("closed")
    const accept = { accept: "text/event-stream" }
    const live = "/api/v2/machinesGeolocation/live"
    expect((await app.call("GET", live, { headers: accept })).status).toBe(401)
    expect(
      (await app.call("GET", `${live}?seconds=-1`, { headers: { ...seer.auth, ...accept } })).status,
    ).toBe(400)
    // A client that does not ask for an event stream gets none (it would wait until the token expires).
    expect((await app.call("GET", live, { headers: seer.auth })).status).toBe(400)
  })
})

describe("live positions across server instances (PostgreSQL)", () => {
  let first: TestApp
  let second: Awaited<ReturnType<typeof makeWebApp>>
  beforeAll(async () => {
    first = await startTestApp("postgres")
    // A second instance on the same database, as a second server behind a load balancer.
    const url = await first.sql((sql) => sql<{ db: string }>`SELECT current_database() AS db`)
    const databaseUrl = new URL(testDatabaseUrl)
    databaseUrl.pathname = `/${url[0].db}`
    second = await makeWebApp({
      port: 0,
      host: "127.0.0.1",
      dataDir: first.dataDir,
      databaseUrl: databaseUrl.toString(),
      smtpUrl: undefined,
      publicUrl: "http://sillon.test",
      accessTokenTtlSeconds: 900,
      seedDemo: false,
      demoTelemetryDays: 0,
      jwtSecret: undefined,
      trustProxy: true,
      distDir: join(first.dataDir, "no-dist"),
      adminEmails: [],
      vegetation: unreachableProvider,
    })
  })
  afterAll(async () => {
    await second?.dispose()
    await first?.close()
  })

  it("pushes a fix stored through one instance to a stream connected to the other", async () => {
    const owner = await signup(first, { firstname: "Inès", lastname: "Instance" })
    const cuma = await createCluster(first, owner, { name: "CUMA des Deux Serveurs" })
    const machine = await addMachine(first, cuma, "Tracteur G")
    const id = `LIV-X-${Date.now() % 100000}`
    const secret = newSecret()
    await first.sql(
      (sql) => sql`INSERT INTO counters (id, cluster_id, kind, secret_hash, secret_issued_at, created_at)
        VALUES (${id}, ${cuma}, 'box', ${hashSecret(secret)}, now(), ${iso(Date.now() - 2 * 24 * 60 * minute)}::timestamptz)`,
    )
    const associated = await send(first, owner, "POST", `/api/v2/counters/${id}/associations`, {
      cluster: cuma,
      machine,
      start_date: iso(Date.now() - 24 * 60 * minute),
      end_date: null,
    })
    expect(associated.status).toBe(201)
    const res = await second.handler(
      new Request("http://sillon.test/api/v2/machinesGeolocation/live", {
        headers: { ...owner.auth, accept: "text/event-stream" },
      }),
    )
    expect(res.status).toBe(200)
    const reader = (res.body as ReadableStream<Uint8Array>).getReader()
    const decoder = new TextDecoder()
    let text = ""
    const until = async (part: string) => {
      while (!text.includes(part)) {
        const chunk = await reader.read()
        if (chunk.done) throw new Error(`stream ended before ${part}: ${text}`)
        text += decoder.decode(chunk.value, { stream: true })
      }
    }
    await until("event: ready")
    const at = iso(Date.now() - 5000)
    const upload = await first.call("POST", `/api/v2/boxes/${id}/fixes`, {
      body: { fixes: [{ t: at, lng: 5.5, lat: 45.5 }] },
      headers: { "content-type": "application/json", authorization: `Bearer ${secret}` },
    })
    expect(upload.status).toBe(200)
    await until(`"at":"${at}"`)
    expect(text).toContain(`"machine":"${machine}"`)
    await reader.cancel()
  })
})

describe.each(backends)("a live stream at its token's expiry on %s", (backend) => {
  let app: TestApp
  beforeAll(async () => {
    app = await startTestApp(backend, { accessTokenTtlSeconds: 5 })
  })
  afterAll(() => app?.close())

  it("closes when the access token expires; a renewed token opens the next one", async () => {
    const person = await signup(app)
    const stream = await openStream(app, person)
    expect((await stream.next())?.event).toBe("ready")
    expect(await stream.nextFix()).toEqual({ event: "closed", data: { reason: "tokenExpired" } })
    expect(await stream.next()).toBeNull()
    // The expired token opens nothing; the refreshed one does.
    const refused = await app.call("GET", "/api/v2/machinesGeolocation/live", {
      headers: { ...person.auth, accept: "text/event-stream" },
    })
    expect(refused.status).toBe(401)
    const renewed = await app.call("GET", "/api/v2/auth/refresh", {
      headers: { "x-refresh-token": person.refreshToken },
    })
    expect(renewed.status).toBe(200)
    const { token } = (await renewed.json()) as { token: string }
    const next = await openStream(app, { ...person, auth: { authorization: `JWT ${token}` } })
    expect((await next.next())?.event).toBe("ready")
    await next.cancel()
  })
})
