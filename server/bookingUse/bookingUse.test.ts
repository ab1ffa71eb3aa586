// Size: bookings reconciled with use — a simulated day against a morning's booking, stored activities against bookings with and without use, the planning's window and the rights — on PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import {
  activitiesWorld,
  fieldAt,
  q,
  storeActivity,
  testDate,
  testSince,
  tractorDay,
} from "../activities/fixture"
import { backends, signup, startTestApp, type TestApp } from "../test/app"
import {
  addGrants,
  addMachine,
  addMember,
  createCluster,
  forbidden,
  send,
  storeBooking,
} from "../test/clusters"

type Person = Awaited<ReturnType<typeof signup>>
interface Item {
  activity: string
  start: string
  end: string
  durationSeconds: number
  outsideSeconds: number
  machine: { id: string; name: string }
  fields: string[]
}
interface Use {
  booking: string
  state: string
  bookedSeconds: number
  matched: Item[]
  beyond: Item[]
  beyondSeconds: number
  totals: { count: number; durationSeconds: number }
}
interface Planned {
  bookings: Array<{ booking: string; state: string; beyondSeconds: number; beyond: Item[] }>
  unbooked: Item[]
}

const hour = 3_600_000
const day = 24 * hour
const iso = (ms: number) => new Date(ms).toISOString()
/** Midnight UTC, `days` from today (negative: past). */
const midnight = (days: number) => {
  const d = new Date()
  d.setUTCHours(0, 0, 0, 0)
  return d.getTime() + days * day
}

describe.each(backends)(
  "bookings reconciled with use, on %s",
  (backend) => {
    let app: TestApp
    const world = activitiesWorld(() => app)
    let owner: Person
    let acceptor: Person
    let bob: Person
    let viewer: Person
    let grantee: Person
    let stranger: Person
    let cuma: string
    const field = fieldAt(0, "La Pièce du Moulin")

    const use = (who: Person | undefined, booking: string, params: Record<string, string> = {}) =>
      send(app, who, "GET", `/api/v2/booking/${booking}/use${q(params)}`)
    const planning = (who: Person | undefined, params: Record<string, string>) =>
      send(app, who, "GET", `/api/v2/planning/use${q(params)}`)
    /** A booking of `machines` for Bob, [start, end) in ms, in the given status. */
    const book = (
      machines: ReadonlyArray<string>,
      start: number,
      end: number,
      status: "requested" | "accepted" | "refused" | "cancelled" = "accepted",
    ) =>
      storeBooking(app, { cluster: cuma, user: bob.id, machines, start: iso(start), end: iso(end), status })

    beforeAll(async () => {
      app = await startTestApp(backend)
      owner = await signup(app, { firstname: "Odile", lastname: "Owner" })
      acceptor = await signup(app, { firstname: "Alice", lastname: "Accepte" })
      bob = await signup(app, { firstname: "Bob", lastname: "Booker" })
      viewer = await signup(app, { firstname: "Victor", lastname: "Viewer" })
      grantee = await signup(app, { firstname: "Gilles", lastname: "Grant" })
      stranger = await signup(app, { firstname: "Sam", lastname: "Stranger" })
      cuma = await createCluster(app, owner, { name: "CUMA des Réservations" })
      await createCluster(app, stranger, { name: "CUMA d'Ailleurs" })
      await addMember(app, cuma, acceptor.id, ["seeMachines", "acceptMachineBooking"])
      await addMember(app, cuma, bob.id, ["seeMachines", "bookMachine"])
      await addMember(app, cuma, viewer.id, ["seeMachines"])
      await app.sql(
        (sql) => sql`INSERT INTO fields (id, owner_id, owned_since, name, geom, area_ha, source)
        SELECT ${field.id}, ${bob.id}, DATE '2024-01-01', ${field.name}, g, field_area_ha(g), 'drawn'
        FROM (SELECT ST_Multi(ST_GeomFromGeoJSON(${JSON.stringify(field.geometry)})) AS g) x`,
      )
    })
    afterAll(() => app?.close())

    it("matches the engine's day, cut at the booking's end, to a morning's booking and counts the afternoon beyond it", async () => {
      const machine = await addMachine(app, cuma, "Tracteur du matin")
      await app.sql(
        (sql) => sql`UPDATE machines SET tool_width_m = 6, max_working_speed_kmh = 12,
          settings = ${JSON.stringify({ priority: ["booking", "field", "tag"], timeLimitation: "booking" })}::jsonb WHERE id = ${machine}`,
      )
      const box = await world.boxOn(cuma, machine, testSince, owner)
      const start = Date.parse(`${testDate}T00:00:00Z`)
      const end = Date.parse(`${testDate}T08:00:00Z`)
      const booking = await book([machine], start, end)
      await world.upload(box, tractorDay(testDate, [field], 11).fixes)
      await world.settled()
      const listed = await send(
        app,
        owner,
        "GET",
        `/api/v2/machines/${machine}/activities${q({ start_date: iso(start), end_date: iso(start + day) })}`,
      )
      const all = listed.body as Array<{ id: string; start: string; end: string; durationSeconds: number }>
      expect(all.length).toBeGreaterThan(1)
      const res = await use(acceptor, booking, { tz: "UTC" })
      expect(res.status).toBe(200)
      const u = res.body as Use
      expect(u.state).toBe("beyond")
      expect(u.bookedSeconds).toBe(8 * 3600)
      expect(u.matched.length).toBeGreaterThan(0)
      expect(u.matched.every((m) => Date.parse(m.start) < end)).toBe(true)
      // Every activity of the day is either in the booking or on its day beyond it.
      expect([...u.matched, ...u.beyond].map((x) => x.activity).sort()).toEqual(all.map((a) => a.id).sort())
      const outside = all.reduce((s, a) => {
        const overlap = Math.max(0, Math.min(Date.parse(a.end), end) - Math.max(Date.parse(a.start), start))
        return s + a.durationSeconds - overlap / 1000
      }, 0)
      expect(u.beyondSeconds).toBeCloseTo(outside, 3)
      expect(u.totals.count).toBe(u.matched.length)
      expect(u.matched.some((m) => m.fields.includes("La Pièce du Moulin"))).toBe(true)
      // The planning of that day says the same, the work beyond the booking with it.
      const thatDay = (
        await planning(acceptor, { cluster: cuma, from: iso(start), to: iso(start + day), tz: "UTC" })
      ).body as Planned
      const planned = thatDay.bookings.find((b) => b.booking === booking)
      expect(planned).toMatchObject({ state: "beyond", beyondSeconds: u.beyondSeconds })
      expect(planned?.beyond.map((x) => x.activity)).toEqual(u.beyond.map((x) => x.activity))
      expect(thatDay.unbooked.filter((x) => x.machine.id === machine)).toEqual([])
    })

    it("says which bookings were used as booked, which were not used, and the work without booking", async () => {
      const machine = await addMachine(app, cuma, "Semoir")
      const used = await book([machine], midnight(-5) + 8 * hour, midnight(-5) + 12 * hour)
      await storeActivity(app, machine, {
        hoursAgo: 0,
        at: iso(midnight(-5) + 9 * hour),
        hours: 2,
        booking: used,
      })
      const idle = await book([machine], midnight(-4) + 8 * hour, midnight(-4) + 12 * hour)
      const alone = await storeActivity(app, machine, { hoursAgo: 0, at: iso(midnight(-3) + 9 * hour) })
      const coming = await book([machine], midnight(2) + 8 * hour, midnight(2) + 12 * hour, "requested")
      const dropped = await book([machine], midnight(-2) + 8 * hour, midnight(-2) + 12 * hour, "cancelled")
      const inDropped = await storeActivity(app, machine, { hoursAgo: 0, at: iso(midnight(-2) + 9 * hour) })

      const asBooked = (await use(acceptor, used, { tz: "UTC" })).body as Use
      expect(asBooked).toMatchObject({ state: "asBooked", beyondSeconds: 0, beyond: [] })
      expect(asBooked.totals).toMatchObject({ count: 1, durationSeconds: 7200 })
      expect((await use(acceptor, idle)).body).toMatchObject({ state: "noUse", matched: [], beyond: [] })
      expect((await use(acceptor, coming)).body).toMatchObject({ state: "upcoming" })
      expect((await use(acceptor, dropped)).body).toMatchObject({ state: "released", matched: [] })

      const window = { cluster: cuma, from: iso(midnight(-6)), to: iso(midnight(3)), tz: "UTC" }
      const res = await planning(acceptor, window)
      expect(res.status).toBe(200)
      const p = res.body as Planned
      const stateOf = (id: string) => p.bookings.find((b) => b.booking === id)?.state
      expect([stateOf(used), stateOf(idle), stateOf(coming), stateOf(dropped)]).toEqual([
        "asBooked",
        "noUse",
        "upcoming",
        "released",
      ])
      const unbooked = p.unbooked.filter((x) => x.machine.id === machine).map((x) => x.activity)
      expect(unbooked.sort()).toEqual([alone, inDropped].sort())
      // A window that ends before the work leaves it out.
      const before = (await planning(acceptor, { ...window, to: iso(midnight(-3)) })).body as Planned
      expect(before.unbooked.some((x) => x.activity === alone)).toBe(false)
    })

    it("shows the use to whoever accepts the machines' bookings, by right or by grant, and to nobody else", async () => {
      const machine = await addMachine(app, cuma, "Épandeur")
      const booking = await book([machine], midnight(-1) + 8 * hour, midnight(-1) + 10 * hour)
      const window = { cluster: cuma, from: iso(midnight(-2)), to: iso(midnight(1)) }
      expect((await use(acceptor, booking)).status).toBe(200)
      expect((await use(owner, booking)).status).toBe(200)
      // The requester sees the booking, the viewer its machine: neither accepts it.
      expect(await use(bob, booking)).toEqual({ status: 403, body: forbidden })
      expect(await use(viewer, booking)).toEqual({ status: 403, body: forbidden })
      expect((await use(stranger, booking)).status).toBe(404)
      expect((await use(undefined, booking)).status).toBe(401)
      expect(await planning(viewer, window)).toEqual({ status: 403, body: forbidden })
      expect((await planning(stranger, window)).status).toBe(404)
      expect((await planning(grantee, window)).status).toBe(404)
      await addGrants(app, machine, grantee.id, ["booking"])
      expect(await use(grantee, booking)).toEqual({ status: 403, body: forbidden })
      expect(await planning(grantee, window)).toEqual({ status: 403, body: forbidden })
      await app.sql(
        (sql) => sql`UPDATE machine_grants SET grants = ${"{booking,acceptBookings}"}::text[]
          WHERE machine_id = ${machine} AND user_id = ${grantee.id}`,
      )
      expect((await use(grantee, booking)).status).toBe(200)
      const granted = (await planning(grantee, window)).body as Planned
      // The grant covers that machine only: its booking, none of the structure's others.
      expect(granted.bookings.map((b) => b.booking)).toEqual([booking])
      const seen = await send(app, acceptor, "GET", `/api/v2/booking/${booking}`)
      expect(seen.body.can.seeUse).toBe(true)
      expect((await send(app, bob, "GET", `/api/v2/booking/${booking}`)).body.can.seeUse).toBe(false)
    })

    it("refuses a window it cannot read, and an unknown time zone, with a clear message", async () => {
      const long = await planning(acceptor, { cluster: cuma, from: iso(midnight(0)), to: iso(midnight(500)) })
      expect(long.status).toBe(400)
      const reversed = await planning(acceptor, {
        cluster: cuma,
        from: iso(midnight(1)),
        to: iso(midnight(0)),
      })
      expect(reversed.status).toBe(400)
      const zone = await planning(acceptor, {
        cluster: cuma,
        from: iso(midnight(0)),
        to: iso(midnight(1)),
        tz: "Mars/Olympus",
      })
      expect(zone.status).toBe(400)
      expect(zone.body.message).toBeTruthy()
      expect(JSON.stringify(zone.body)).not.toContain("    at ")
    })
  },
  240_000,
)
