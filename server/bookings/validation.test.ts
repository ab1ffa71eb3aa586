// Size: the API cases of validation, each run on PGlite and PostgreSQL, kept together with the set-up they share.
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { backends, startTestApp, type TestApp } from "../test/app"
import {
  bookingBody,
  bookingNotFound,
  employeeRef,
  inHours,
  machineRef,
  planning,
  refusal,
} from "../test/bookings"
import { addMachine, createCluster } from "../test/clusters"

const bad = (code: string, message: string) => ({ status: 400, body: refusal("BadRequest", code, message) })

describe.each(backends)("booking validation on %s", (backend) => {
  let app: TestApp
  beforeAll(async () => {
    app = await startTestApp(backend)
  })
  afterAll(() => app?.close())
  const { fixture, put, list, rowsOf } = planning(() => app)

  it("asks for a machine: none, or no resources at all", async () => {
    const f = await fixture()
    const machineRequired = bad("machineRequired", "Veuillez renseigner une machine")
    const noMachine = bookingBody(f.paul.id, [employeeRef(f.eve.id)])
    expect(await put(f.paul, f.t1, noMachine)).toEqual(machineRequired)
    const { resources: _, ...without } = bookingBody(f.paul.id, [])
    expect(await put(f.paul, f.t1, without)).toEqual(machineRequired)
    expect(await rowsOf(noMachine.id)).toEqual({ bookings: 0, resources: [] })
  })

  it("asks for a valid user: missing, or neither the caller nor a member", async () => {
    const f = await fixture()
    const userRequired = bad("userRequired", "Veuillez renseigner un utilisateur valide")
    const { user: _, ...noUser } = bookingBody(f.paul.id, [machineRef(f.t1)])
    expect(await put(f.paul, f.t1, noUser)).toEqual(userRequired)
    expect(await put(f.anne, f.t1, bookingBody(f.olga.id, [machineRef(f.t1)]))).toEqual(userRequired)
    expect(await put(f.anne, f.t1, bookingBody("not-a-uuid", [machineRef(f.t1)]))).toEqual(userRequired)
  })

  it("refuses an end before or at the start, each resource twice, and more than 20", async () => {
    const f = await fixture()
    expect(await put(f.paul, f.t1, bookingBody(f.paul.id, [machineRef(f.t1)], 26, 26))).toEqual(
      bad("endBeforeStart", "La Date de fin DOIT être strictement après la date de début."),
    )
    expect(await put(f.paul, f.t1, bookingBody(f.paul.id, [machineRef(f.t1)], 26, 24))).toMatchObject({
      status: 400,
      body: { code: "endBeforeStart" },
    })
    const twice = await put(f.paul, f.t1, bookingBody(f.paul.id, [machineRef(f.t1), machineRef(f.t1)]))
    expect(twice).toMatchObject({ status: 400, body: { code: "duplicateResource" } })
    const many = Array.from({ length: 21 }, () => machineRef(crypto.randomUUID()))
    expect(
      (await put(f.paul, f.t1, bookingBody(f.paul.id, [machineRef(f.t1), ...many.slice(1)]))).status,
    ).toBe(400)
  })

  it("refuses a booking that has already ended (400 bookingInPast), but one under way is fine", async () => {
    const f = await fixture()
    const past = {
      ...bookingBody(f.paul.id, [machineRef(f.t1)]),
      start_date: inHours(-5),
      end_date: inHours(-2),
    }
    expect(await put(f.paul, f.t1, past)).toEqual(
      bad("bookingInPast", "La date de fin de la réservation est déjà passée"),
    )
    const current = {
      ...bookingBody(f.paul.id, [machineRef(f.t1)]),
      start_date: new Date(Date.now() - 3600_000).toISOString(),
      end_date: new Date(Date.now() + 3600_000).toISOString(),
    }
    expect((await put(f.paul, f.t1, current)).status).toBe(200)
  })

  it("needs the path machine among the resources (400), visible (404), and every resource in the structure (400)", async () => {
    const f = await fixture()
    expect(await put(f.paul, f.t1, bookingBody(f.paul.id, [machineRef(f.t2)]))).toEqual(
      bad("bookingMachineMismatch", "La machine choisie ne figure pas dans la réservation"),
    )
    expect(await put(f.paul, crypto.randomUUID(), bookingBody(f.paul.id, [machineRef(f.t1)]))).toEqual({
      status: 404,
      body: bookingNotFound,
    })
    const elsewhere = await createCluster(app, f.olga, { name: "GAEC Ailleurs" })
    const foreign = await addMachine(app, elsewhere, "Moissonneuse")
    expect((await put(f.paul, foreign, bookingBody(f.paul.id, [machineRef(foreign)]))).status).toBe(404)
    const selectionUnknown = bad("selectionUnknown", "Cette selection n'existe pas")
    expect(await put(f.paul, f.t1, bookingBody(f.paul.id, [machineRef(f.t1), machineRef(foreign)]))).toEqual(
      selectionUnknown,
    )
    expect(
      await put(f.paul, f.t1, bookingBody(f.paul.id, [machineRef(f.t1), employeeRef(f.olga.id)])),
    ).toEqual(selectionUnknown)
  })

  it("refuses a date before 2000 or after 2150 (400 outOfRange) and writes nothing; no longest duration", async () => {
    const f = await fixture()
    const outOfRange = bad("outOfRange", "Valeur hors des limites autorisées")
    const dated = (start_date: string, end_date: string) => ({
      ...bookingBody(f.paul.id, [machineRef(f.t1)]),
      start_date,
      end_date,
    })
    const refused = [
      dated(inHours(24), "+275000-12-10T10:00:00Z"),
      dated("-000100-12-12T08:00:00Z", inHours(24)),
      dated("1999-12-31T23:59:59Z", inHours(24)),
      dated(inHours(24), "2150-01-01T00:00:01Z"),
    ]
    for (const body of refused) {
      expect(await put(f.paul, f.t1, body)).toEqual(outOfRange)
      expect(await rowsOf(body.id)).toEqual({ bookings: 0, resources: [] })
    }
    const season = dated(inHours(24), "2150-01-01T00:00:00Z")
    expect(await put(f.paul, f.t1, season)).toMatchObject({
      status: 200,
      body: { end_date: "2150-01-01T00:00:00.000Z" },
    })
  })

  it("refuses a list window outside 2000 to 2150 (400 outOfRange)", async () => {
    const f = await fixture()
    const outOfRange = bad("outOfRange", "Valeur hors des limites autorisées")
    expect(await list(f.paul, "?from=%2B275000-01-01T00:00:00Z")).toEqual(outOfRange)
    expect(await list(f.paul, `?from=${inHours(0)}&to=2150-01-02T00:00:00Z`)).toEqual(outOfRange)
    expect(await list(f.paul, "?from=1999-12-01T00:00:00Z&to=2000-01-02T00:00:00Z")).toEqual(outOfRange)
    expect((await list(f.paul, "?from=2000-01-01T00:00:00Z&to=2000-02-01T00:00:00Z")).status).toBe(200)
  })

  it("refuses a NUL character or a lone surrogate in the comments or the location (400 invalidText)", async () => {
    const f = await fixture()
    const invalidText = bad("invalidText", "Ce texte contient un caractère non autorisé")
    const refused = [
      { comments: "a\u0000b" },
      { comments: "moitié \ud800 de caractère" },
      { location: { label: "Champ\u0000", point: null } },
      { location: { label: "\udc00", point: { lng: 1, lat: 48 } } },
    ]
    for (const fields of refused) {
      const body = bookingBody(f.paul.id, [machineRef(f.t1)], 24, 26, fields)
      expect(await put(f.paul, f.t1, body)).toEqual(invalidText)
      expect(await rowsOf(body.id)).toEqual({ bookings: 0, resources: [] })
    }
    const fine = {
      comments: "Semis 🌾 d'orge — parcelle nº 3",
      location: { label: "Łąka Nord", point: null },
    }
    expect(await put(f.paul, f.t1, bookingBody(f.paul.id, [machineRef(f.t1)], 24, 26, fine))).toMatchObject({
      status: 200,
      body: fine,
    })
  })

  it("refuses a geometry whose rings are not closed", async () => {
    const f = await fixture()
    const open = {
      type: "Polygon",
      coordinates: [
        [
          [1, 48],
          [1.1, 48],
          [1.1, 48.1],
          [1, 48.2],
        ],
      ],
    }
    const res = await put(
      f.paul,
      f.t1,
      bookingBody(f.paul.id, [machineRef(f.t1)], 24, 26, { geometry: open }),
    )
    expect(res).toMatchObject({ status: 400, body: { code: "invalidGeometry" } })
    const closed = { ...open, coordinates: [[...open.coordinates[0], [1, 48]]] }
    const ok = await put(
      f.paul,
      f.t1,
      bookingBody(f.paul.id, [machineRef(f.t1)], 24, 26, {
        geometry: closed,
        location: { label: "Champ du Moulin", point: { lng: 1.05, lat: 48.05 } },
      }),
    )
    expect(ok.status).toBe(200)
    expect(ok.body).toMatchObject({ geometry: closed, location: { label: "Champ du Moulin" } })
  })
})
