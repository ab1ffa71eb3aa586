// Size: the API cases of the ingest (uploads, live fixes, OsmAnd), each run on PGlite and PostgreSQL, sharing one app.
import { gzipSync } from "node:zlib"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { backends, signup, startTestApp, type TestApp } from "../test/app"
import { send } from "../test/clusters"
import { hashSecret, newSecret } from "./secrets"

type Person = Awaited<ReturnType<typeof signup>>
type Json = Record<string, unknown>

const minute = 60_000
const hour = 60 * minute
const iso = (ms: number) => new Date(ms).toISOString()

describe.each(backends)("box ingest on %s", (backend) => {
  let app: TestApp
  let admin: Person
  let someone: Person
  let n = 0
  const registeredAt = Date.now() - 48 * hour

  /** A box registered two days ago (straight in the table), with its secret. */
  const box = async (kind: "box" | "phone" = "box") => {
    const id = `ING-${backend[0].toUpperCase()}${++n}-${Date.now() % 100000}`
    const secret = newSecret()
    await app.sql(
      (sql) => sql`INSERT INTO counters (id, kind, secret_hash, secret_issued_at, created_at)
        VALUES (${id}, ${kind}, ${hashSecret(secret)}, now(), ${iso(registeredAt)}::timestamptz)`,
    )
    return { id, secret, auth: { authorization: `Bearer ${secret}` } }
  }

  const upload = async (
    b: { id: string; auth: Record<string, string> },
    body: unknown,
    headers: Record<string, string> = {},
  ) => {
    const res = await app.call("POST", `/api/v2/boxes/${b.id}/fixes`, {
      body,
      headers: { "content-type": "application/json", ...b.auth, ...headers },
    })
    const text = await res.text()
    return { status: res.status, body: text ? (JSON.parse(text) as Json) : undefined }
  }
  const stored = (id: string) =>
    app.sql(
      (sql) => sql<{
        at: Date
        lng: number
        lat: number
        speed_kmh: number | null
        heading_deg: number | null
        vibration: number | null
        battery: number | null
        can: unknown
        tags: unknown
      }>`SELECT f.at, f.lng, f.lat, f.speed_kmh, f.heading_deg, f.vibration, f.battery, f.can, f.tags
          FROM fixes f JOIN telemetry_sources s ON s.id = f.source_id
          WHERE s.counter_id = ${id} ORDER BY f.at`,
    )
  const counterRow = async (id: string) =>
    (
      await app.sql(
        (sql) =>
          sql<{ battery: number | null; last_communication: Date | null }>`SELECT battery, last_communication
            FROM counters WHERE id = ${id}`,
      )
    )[0]
  const fix = (minutesAgo: number, extra: Json = {}) => ({
    t: iso(Date.now() - minutesAgo * minute),
    lng: 1.4 + minutesAgo / 1000,
    lat: 43.6,
    ...extra,
  })

  beforeAll(async () => {
    app = await startTestApp(backend)
    admin = await signup(app, { firstname: "Ada", lastname: "Admin" })
    someone = await signup(app, { firstname: "Sam", lastname: "Someone" })
    await app.sql((sql) => sql`UPDATE users SET is_admin = true WHERE id = ${admin.id}`)
  })
  afterAll(() => app?.close())

  it("registers a box or a phone with a secret shown once, stored hashed; rotating it stops the old one at once", async () => {
    const id = `REG-${backend[0].toUpperCase()}-${Date.now() % 100000}`
    const created = await send(app, admin, "POST", "/api/v2/admin/counters", { id, kind: "phone" })
    expect(created.status).toBe(201)
    expect(created.body.counter).toMatchObject({ id, kind: "phone" })
    const first = created.body.secret.secret as string
    expect(first).toMatch(/^[A-Za-z0-9_-]{43}$/)
    const [row] = await app.sql(
      (sql) => sql<{ secret_hash: string; kind: string }>`SELECT c.secret_hash, s.kind FROM counters c
        JOIN telemetry_sources s ON s.counter_id = c.id WHERE c.id = ${id}`,
    )
    expect(row.secret_hash).not.toContain(first)
    expect(row.kind).toBe("phone")
    // The list says when the secret was issued, never the secret.
    const listed = await send(app, admin, "GET", "/api/v2/admin/counters")
    const mine = listed.body.find((c: Json) => c.id === id)
    expect(mine.secretIssuedAt).toBe(created.body.secret.issuedAt)
    expect(JSON.stringify(listed.body)).not.toContain(first)

    const b = { id, auth: { authorization: `Bearer ${first}` } }
    // The box was registered just now: its fixes are from now on.
    expect((await upload(b, { fixes: [fix(0)] })).body).toEqual({ new: 1, known: 0, refused: [] })
    expect((await send(app, someone, "POST", `/api/v2/admin/counters/${id}/secret`)).status).toBe(403)
    expect((await send(app, admin, "POST", "/api/v2/admin/counters/NONE-42/secret")).status).toBe(404)
    const rotated = await send(app, admin, "POST", `/api/v2/admin/counters/${id}/secret`)
    expect(rotated.status).toBe(200)
    const second = rotated.body.secret as string
    expect(second).not.toBe(first)
    expect((await upload(b, { fixes: [fix(-1)] })).status).toBe(401)
    expect(
      (await upload({ id, auth: { authorization: `Bearer ${second}` } }, { fixes: [fix(-1)] })).body,
    ).toEqual({
      new: 1,
      known: 0,
      refused: [],
    })
  })

  it("refuses a missing or unknown secret (401) and another box's (403), storing nothing", async () => {
    const a = await box()
    const b = await box()
    const body = { fixes: [fix(3), fix(2)] }
    const auths: ReadonlyArray<Record<string, string>> = [
      {},
      { authorization: "Bearer " },
      { authorization: `Bearer ${newSecret()}` },
    ]
    for (const auth of auths) {
      const res = await upload({ id: a.id, auth }, body)
      expect(res).toMatchObject({ status: 401, body: { code: "boxSecretInvalid" } })
    }
    // A person's token is no box secret, whatever the scheme.
    expect((await upload({ id: a.id, auth: { authorization: `Bearer ${someone.jwt}` } }, body)).status).toBe(
      401,
    )
    expect((await upload({ id: a.id, auth: someone.auth }, body)).status).toBe(401)
    const crossed = await upload({ id: a.id, auth: b.auth }, body)
    expect(crossed).toMatchObject({ status: 403, body: { code: "boxMismatch" } })
    expect(
      (await app.call("POST", `/api/v2/boxes/${a.id}/live`, { body: fix(1), headers: b.auth })).status,
    ).toBe(403)
    expect(await stored(a.id)).toEqual([])
    expect(await stored(b.id)).toEqual([])
    expect((await counterRow(a.id)).last_communication).toBeNull()
  })

  it("stores a fix once: the same upload again is all known, a late replay out of order adds only what is new", async () => {
    const b = await box()
    const [f40, f30, f25, f20, f10, f5] = [40, 30, 25, 20, 10, 5].map((m) => fix(m))
    const batch = [f30, f20, f10]
    expect(await upload(b, { fixes: batch })).toEqual({
      status: 200,
      body: { new: 3, known: 0, refused: [] },
    })
    expect(await upload(b, { fixes: batch })).toEqual({
      status: 200,
      body: { new: 0, known: 3, refused: [] },
    })
    // Replayed late, out of order, partly twice (one fix twice in the same upload too).
    const replay = [f5, f20, f40, f25, f5, f30]
    expect(await upload(b, { fixes: replay })).toEqual({
      status: 200,
      body: { new: 3, known: 3, refused: [] },
    })
    const rows = await stored(b.id)
    expect(rows.map((r) => r.at.toISOString())).toEqual([f40, f30, f25, f20, f10, f5].map((f) => f.t))
  })

  it("refuses a fix by its index with its reason and stores the rest of the upload", async () => {
    const b = await box()
    const fixes = [
      fix(10, {
        spd: 12.5,
        hdg: 90,
        vib: "high",
        bat: 71,
        can: { engineSpeed: 1800 },
        tags: [{ id: "T1", rssi: -60 }],
      }),
      fix(9, { lat: 90.5 }),
      fix(8, { lng: -180.01 }),
      { ...fix(0), t: iso(Date.now() + 10 * minute) },
      { ...fix(0), t: iso(registeredAt - minute) },
      { ...fix(7), t: "yesterday" },
      fix(6, { lat: "NaN" }),
      fix(5, { lat: null }),
      fix(4, { lng: "1.4" }),
      fix(3, { vib: "extreme" }),
      fix(2, { spd: "Infinity" }),
      { lng: 1, lat: 43 },
      null,
      { ...fix(1), t: "2026-02-30T10:00:00Z" },
      fix(1, { vib: "none", vibRaw: 0.02 }),
    ]
    const res = await upload(b, { fixes })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({
      new: 2,
      known: 0,
      refused: [
        { index: 1, reason: "latitudeOutOfRange" },
        { index: 2, reason: "longitudeOutOfRange" },
        { index: 3, reason: "timeInFuture" },
        { index: 4, reason: "timeBeforeBox" },
        { index: 5, reason: "malformed" },
        { index: 6, reason: "notANumber" },
        { index: 7, reason: "malformed" },
        { index: 8, reason: "malformed" },
        { index: 9, reason: "malformed" },
        { index: 10, reason: "notANumber" },
        { index: 11, reason: "malformed" },
        { index: 12, reason: "malformed" },
        { index: 13, reason: "malformed" },
      ],
    })
    const rows = await stored(b.id)
    expect(rows).toHaveLength(2)
    expect(rows[0]).toMatchObject({
      speed_kmh: 12.5,
      heading_deg: 90,
      vibration: 3,
      battery: 71,
      can: { engineSpeed: 1800 },
      tags: [{ id: "T1", rssi: -60 }],
    })
    expect(rows[1]).toMatchObject({ vibration: 0, can: null, tags: null })
    // A number JSON cannot hold (1e999 reads as Infinity) is no number either.
    const raw = `{"fixes":[{"t":"${iso(Date.now() - minute)}","lng":1e999,"lat":43}]}`
    expect((await upload(b, raw)).body).toEqual({
      new: 0,
      known: 0,
      refused: [{ index: 0, reason: "notANumber" }],
    })
  })

  it("keeps the battery of the latest fix by time and the last communication, through late replays", async () => {
    const b = await box()
    await upload(b, { fixes: [fix(20, { bat: 60 }), fix(10, { bat: 55 }), fix(15, { bat: 58 })] })
    const first = await counterRow(b.id)
    expect(first.battery).toBe(55)
    expect(first.last_communication).not.toBeNull()
    // An older fix replayed late leaves the newer reading.
    await upload(b, { fixes: [fix(60, { bat: 90 })] })
    expect((await counterRow(b.id)).battery).toBe(55)
    await upload(b, { fixes: [fix(1, { bat: 50 })] })
    expect((await counterRow(b.id)).battery).toBe(50)
  })

  it("accepts gzip, refuses a gzip bomb, a broken body, a batch over 20,000 fixes and what is not JSON", async () => {
    const b = await box()
    const zipped = gzipSync(JSON.stringify({ fixes: [fix(3), fix(2)] }))
    expect(await upload(b, new Uint8Array(zipped), { "content-encoding": "gzip" })).toEqual({
      status: 200,
      body: { new: 2, known: 0, refused: [] },
    })
    // 100 MB of spaces inside a valid JSON document compresses to about 100 kB.
    const bomb = gzipSync(
      Buffer.concat([Buffer.from('{"fixes":['), Buffer.alloc(100 * 1024 * 1024, 32), Buffer.from("]}")]),
    )
    expect(bomb.length).toBeLessThan(1024 * 1024)
    const bombed = await upload(b, new Uint8Array(bomb), { "content-encoding": "gzip" })
    expect(bombed).toMatchObject({ status: 413, body: { code: "payloadTooLarge" } })
    expect(
      (await upload(b, new Uint8Array([31, 139, 8, 0, 1, 2, 3]), { "content-encoding": "gzip" })).status,
    ).toBe(400)
    expect(await upload(b, "{not json")).toMatchObject({ status: 400, body: { code: "badRequest" } })
    expect(await upload(b, { fix: [] })).toMatchObject({ status: 400, body: { code: "badRequest" } })
    expect((await upload(b, { fixes: [] })).body).toEqual({ new: 0, known: 0, refused: [] })
    const many = Array.from({ length: 20_001 }, (_, i) => ({
      t: iso(Date.now() - i * 1000),
      lng: 1,
      lat: 43,
    }))
    expect(await upload(b, { fixes: many })).toMatchObject({
      status: 413,
      body: { code: "batchTooLarge", message: "Un envoi contient au plus 20 000 positions : découpez-le" },
    })
    expect((await upload(b, "x", { "content-type": "text/plain" })).status).toBe(415)
    expect(await upload(b, "{}", { "content-encoding": "br" })).toMatchObject({
      status: 415,
      body: { code: "unsupportedEncoding" },
    })
    expect(await stored(b.id)).toHaveLength(2)
  })

  it("keeps a box's live fix when it is newer than the one held", async () => {
    const b = await box()
    const live = (body: unknown) => app.call("POST", `/api/v2/boxes/${b.id}/live`, { body, headers: b.auth })
    const held = () =>
      app.sql(
        (sql) => sql<{ at: Date; speed_kmh: number | null }>`SELECT l.at, l.speed_kmh FROM live_fixes l
          JOIN telemetry_sources s ON s.id = l.source_id WHERE s.counter_id = ${b.id}`,
      )
    const now = fix(1, { spd: 14 })
    expect((await live(now)).status).toBe(204)
    expect((await live(fix(5, { spd: 3 }))).status).toBe(204)
    expect(await held()).toEqual([{ at: new Date(now.t), speed_kmh: 14 }])
    const refused = await live(fix(0, { lat: 95 }))
    expect(refused.status).toBe(400)
    expect(((await refused.json()) as Json).code).toBe("fixLatitudeOutOfRange")
    expect((await live({ t: now.t })).status).toBe(400)
    // The record stays the uploads': a live fix is no stored fix.
    expect(await stored(b.id)).toEqual([])
    expect((await counterRow(b.id)).last_communication).not.toBeNull()
  })

  it("takes a phone's OsmAnd reports: the query string (speed in knots) by GET and POST, and the JSON body", async () => {
    const phone = await box("phone")
    const seconds = Math.floor((Date.now() - 10 * minute) / 1000)
    const query = `id=${phone.secret}&lat=43.61&lon=1.44&timestamp=${seconds}&speed=10&bearing=45&altitude=150&accuracy=4&batt=80`
    const got = await app.call("GET", `/api/v2/osmand?${query}`)
    expect(got.status).toBe(200)
    const posted = await app.call(
      "POST",
      `/api/v2/osmand?${query.replace(String(seconds), String(seconds + 5))}`,
    )
    expect(posted.status).toBe(200)
    const form = await app.call("POST", "/api/v2/osmand", {
      body: `id=${phone.secret}&lat=43.62&lon=1.45&timestamp=${iso((seconds + 10) * 1000)}`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
    })
    expect(form.status).toBe(200)
    const json = await app.call("POST", "/api/v2/osmand", {
      body: {
        device_id: phone.secret,
        location: {
          timestamp: iso((seconds + 15) * 1000),
          coords: { latitude: 43.63, longitude: 1.46, accuracy: 5, speed: 5, heading: 90, altitude: 151 },
          is_moving: true,
          battery: { level: 0.42, is_charging: false },
        },
      },
    })
    expect(json.status).toBe(200)
    const rows = await stored(phone.id)
    expect(rows.map((r) => r.at.getTime())).toEqual([0, 5, 10, 15].map((s) => (seconds + s) * 1000))
    expect(rows[0]).toMatchObject({
      lat: 43.61,
      lng: 1.44,
      heading_deg: 45,
      battery: 80,
      vibration: null,
      can: null,
    })
    expect(rows[0].speed_kmh).toBeCloseTo(18.52, 2)
    expect(rows[3].speed_kmh).toBeCloseTo(18, 2)
    expect((await counterRow(phone.id)).battery).toBe(42)
    // Sent again (a client retrying): stored once.
    expect((await app.call("GET", `/api/v2/osmand?${query}`)).status).toBe(200)
    expect(await stored(phone.id)).toHaveLength(4)

    expect((await app.call("GET", `/api/v2/osmand?id=${newSecret()}&lat=43&lon=1`)).status).toBe(401)
    expect((await app.call("GET", "/api/v2/osmand?lat=43&lon=1")).status).toBe(401)
    const bad = await app.call("GET", `/api/v2/osmand?id=${phone.secret}&lat=91&lon=1`)
    expect(bad.status).toBe(400)
    expect(((await bad.json()) as Json).code).toBe("fixLatitudeOutOfRange")
    expect((await app.call("POST", "/api/v2/osmand", { body: { device_id: phone.secret } })).status).toBe(400)
  })

  it("stores nothing once the secret changed or the box is gone, however recently the secret worked", async () => {
    // Another server, or an administrator's tool, changed the box behind this server's back:
    // the secret it saw valid a moment ago must grant nothing, for uploads, live fixes and OsmAnd.
    const b = await box()
    const phone = await box("phone")
    expect((await upload(b, { fixes: [fix(9)] })).status).toBe(200)
    const seconds = Math.floor((Date.now() - 10 * minute) / 1000)
    const report = (s: number) =>
      `/api/v2/osmand?id=${phone.secret}&lat=43.61&lon=1.44&timestamp=${s}&batt=80`
    expect((await app.call("GET", report(seconds))).status).toBe(200)
    const before = await counterRow(b.id)
    for (const id of [b.id, phone.id])
      await app.sql(
        (sql) => sql`UPDATE counters SET secret_hash = ${hashSecret(newSecret())} WHERE id = ${id}`,
      )
    expect(await upload(b, { fixes: [fix(8, { bat: 10 })] })).toMatchObject({
      status: 401,
      body: { code: "boxSecretInvalid" },
    })
    const live = await app.call("POST", `/api/v2/boxes/${b.id}/live`, { body: fix(1), headers: b.auth })
    expect(live.status).toBe(401)
    expect((await app.call("GET", report(seconds + 5))).status).toBe(401)
    expect(await stored(b.id)).toHaveLength(1)
    expect(await stored(phone.id)).toHaveLength(1)
    expect(await counterRow(b.id)).toEqual(before)
    const liveRows = await app.sql(
      (sql) => sql`SELECT 1 FROM live_fixes l JOIN telemetry_sources s ON s.id = l.source_id
        WHERE s.counter_id = ${b.id}`,
    )
    expect(liveRows).toEqual([])
    // Refused again on the next try (the secret is no longer remembered), and a secret withdrawn too.
    expect((await upload(b, { fixes: [fix(7)] })).status).toBe(401)
    const withdrawn = await box()
    expect((await upload(withdrawn, { fixes: [fix(9)] })).status).toBe(200)
    await app.sql((sql) => sql`UPDATE counters SET secret_hash = NULL WHERE id = ${withdrawn.id}`)
    expect((await upload(withdrawn, { fixes: [fix(8)] })).status).toBe(401)
    expect(await stored(withdrawn.id)).toHaveLength(1)
  })

  it("opens nothing but the ingest with a box secret", async () => {
    const b = await box()
    for (const [method, path] of [
      ["GET", "/api/v2/me"],
      ["GET", "/api/v2/counters"],
      ["GET", "/api/v2/admin/counters"],
    ] as const)
      expect((await app.call(method, path, { headers: b.auth })).status).toBe(401)
  })
})
