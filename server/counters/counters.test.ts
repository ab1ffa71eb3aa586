// Size: the API cases of counters, each run on PGlite and PostgreSQL, kept together with the set-up they share.
import { SqlClient } from "@effect/sql"
import { Effect } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { rights as allRights } from "../../src/schema/rights"
import { backends, eventually, signup, startTestApp, type TestApp } from "../test/app"
import {
  addGrants,
  addMachine,
  addMember,
  createCluster,
  forbidden,
  notAllowed,
  send,
} from "../test/clusters"
import { CountersRepo } from "./repository"

type Person = Awaited<ReturnType<typeof signup>>

const day = 86_400_000
const iso = (offsetDays: number) => new Date(Date.now() + offsetDays * day).toISOString()

describe.each(backends)("boxes and associations on %s", (backend) => {
  let app: TestApp
  let owner: Person
  let viewer: Person
  let outsider: Person
  let cuma: string
  let other: string
  let tractor: string
  let combine: string
  let foreign: string
  let n = 0
  /** A new box of the CUMA (or of `cluster`), registered straight in the table. */
  const box = async (cluster: string | null = cuma) => {
    const id = `T${backend[0].toUpperCase()}-${++n}-${Date.now() % 100000}`
    await app.sql((sql) => sql`INSERT INTO counters (id, cluster_id, battery) VALUES (${id}, ${cluster}, 80)`)
    return id
  }
  const associate = (who: Person, counter: string, body: Record<string, unknown>) =>
    send(app, who, "POST", `/api/v2/counters/${counter}/associations`, { cluster: cuma, ...body })
  const rowsOf = (counter: string) =>
    app.sql((sql) => sql<{ id: string }>`SELECT id FROM counter_associations WHERE counter_id = ${counter}`)

  beforeAll(async () => {
    app = await startTestApp(backend)
    owner = await signup(app, { firstname: "Odile", lastname: "Owner" })
    viewer = await signup(app, { firstname: "Victor", lastname: "Viewer" })
    outsider = await signup(app, { firstname: "Oscar", lastname: "Outsider" })
    cuma = await createCluster(app, owner, { name: "CUMA des Boîtiers" })
    other = await createCluster(app, outsider, { name: "CUMA Voisine" })
    await addMember(app, cuma, viewer.id, ["seeMachines"])
    tractor = await addMachine(app, cuma, "Tracteur")
    combine = await addMachine(app, cuma, "Moissonneuse")
    foreign = await addMachine(app, other, "Tracteur voisin")
  })
  afterAll(() => app?.close())

  it("lists the boxes of the caller's structures, sorted by id, with the machine each is on now", async () => {
    const b = await box()
    const a = await box()
    const theirs = await box(other)
    await box(null)
    expect((await associate(owner, b, { machine: tractor, start_date: iso(-3) })).status).toBe(201)
    const res = await send(app, viewer, "GET", "/api/v2/counters")
    expect(res.status).toBe(200)
    const ids = res.body.map((c: { id: string }) => c.id)
    expect(ids).toEqual([...ids].sort())
    expect(ids).toEqual(expect.arrayContaining([a, b]))
    expect(ids).not.toContain(theirs)
    const mine = res.body.find((c: { id: string }) => c.id === b)
    expect(mine).toMatchObject({
      battery: 80,
      cluster: { id: cuma },
      machine: { id: tractor, name: "Tracteur" },
    })
    expect(res.body.find((c: { id: string }) => c.id === a).machine).toBeNull()
    expect((await send(app, undefined, "GET", "/api/v2/counters")).status).toBe(401)
  })

  it("hides another structure's box (404) and shows its own box's history newest first", async () => {
    const b = await box()
    await associate(owner, b, { machine: tractor, start_date: iso(-30), end_date: iso(-20) })
    await associate(owner, b, { machine: combine, start_date: iso(-10) })
    const history = await send(app, viewer, "GET", `/api/v2/counters/${b}/associations`)
    expect(history.status).toBe(200)
    expect(history.body.map((a: { machines: Array<{ name: string }> }) => a.machines[0].name)).toEqual([
      "Moissonneuse",
      "Tracteur",
    ])
    expect((await send(app, outsider, "GET", `/api/v2/counters/${b}/associations`)).status).toBe(404)
    expect((await send(app, outsider, "GET", `/api/v2/counters/${b}/users_alertes`)).status).toBe(404)
  })

  it("shows a box that changed structure with its new structure's associations only", async () => {
    const b = await box()
    const old = await associate(owner, b, { machine: tractor, start_date: iso(-30), end_date: iso(-20) })
    expect(old.status).toBe(201)
    // Moved by an administrator to the other structure (its history with the CUMA stays the CUMA's).
    await app.sql((sql) => sql`UPDATE counters SET cluster_id = ${other} WHERE id = ${b}`)
    expect((await send(app, owner, "GET", `/api/v2/counters/${b}/associations`)).status).toBe(404)
    expect(await send(app, outsider, "GET", `/api/v2/counters/${b}/associations`)).toEqual({
      status: 200,
      body: [],
    })
    const theirs = await send(app, outsider, "POST", `/api/v2/counters/${b}/associations`, {
      cluster: other,
      machine: foreign,
      start_date: iso(-10),
      end_date: iso(-5),
    })
    expect(theirs.status).toBe(201)
    const history = await send(app, outsider, "GET", `/api/v2/counters/${b}/associations`)
    expect(history.body.map((a: { id: string }) => a.id)).toEqual([theirs.body.id])
  })

  it("never names another structure's machine as the one a box is on now", async () => {
    const b = await box()
    expect((await associate(owner, b, { machine: tractor, start_date: iso(-2) })).status).toBe(201)
    // A box found in another structure while the CUMA's association still runs (moved by hand).
    await app.sql((sql) => sql`UPDATE counters SET cluster_id = ${other} WHERE id = ${b}`)
    const list = await send(app, outsider, "GET", "/api/v2/counters")
    expect(list.body.find((c: { id: string }) => c.id === b)).toMatchObject({
      cluster: { id: other },
      machine: null,
    })
  })

  it("alerts the members holding editCounters, sorted by name", async () => {
    const b = await box()
    const res = await send(app, viewer, "GET", `/api/v2/counters/${b}/users_alertes`)
    expect(res.status).toBe(200)
    expect(res.body.map((u: { id: string }) => u.id)).toEqual([owner.id])
  })

  it("creates an association (201) and refuses an overlap on the same box (409), whatever the machine", async () => {
    const b = await box()
    const first = await associate(owner, b, { machine: tractor, start_date: iso(-5), end_date: iso(5) })
    expect(first.status).toBe(201)
    expect(first.body).toMatchObject({ counter: b, cluster: { id: cuma }, machines: [{ id: tractor }] })
    const overlap = await associate(owner, b, { machine: combine, start_date: iso(4), end_date: iso(8) })
    expect(overlap.status).toBe(409)
    expect(overlap.body.code).toBe("associationOverlap")
    expect(await rowsOf(b)).toHaveLength(1)
  })

  it("accepts adjacent associations (the end of one is the start of the next)", async () => {
    const b = await box()
    const join = iso(-2)
    expect(
      (await associate(owner, b, { machine: tractor, start_date: iso(-6), end_date: join })).status,
    ).toBe(201)
    expect((await associate(owner, b, { machine: combine, start_date: join })).status).toBe(201)
  })

  it("treats an open end as 2150-01-01: an overlap before it is refused, a period from it or wholly before fits", async () => {
    const b = await box()
    const start = iso(-1)
    expect((await associate(owner, b, { machine: tractor, start_date: start })).status).toBe(201)
    const later = await associate(owner, b, {
      machine: combine,
      start_date: "2149-12-01T00:00:00Z",
      end_date: "2149-12-31T00:00:00Z",
    })
    expect(later.status).toBe(409)
    const fromIt = await associate(owner, b, {
      machine: combine,
      start_date: "2150-01-01T00:00:00Z",
      end_date: "2150-02-01T00:00:00Z",
    })
    expect(fromIt.status).toBe(201)
    expect(
      (await associate(owner, b, { machine: combine, start_date: iso(-9), end_date: start })).status,
    ).toBe(201)
  })

  it("refuses an open association starting at or after 2150-01-01 (400 endBeforeStart), and so does the database", async () => {
    const b = await box()
    for (const start_date of ["2150-01-01T00:00:00Z", "2151-06-01T00:00:00Z"]) {
      const open = await associate(owner, b, { machine: tractor, start_date })
      expect(open).toMatchObject({
        status: 400,
        body: {
          code: "endBeforeStart",
          message: "La Date de fin DOIT être strictement après la date de début.",
        },
      })
    }
    expect(await rowsOf(b)).toHaveLength(0)
    const c = (await associate(owner, b, { machine: tractor, start_date: iso(-1) })).body
    const moved = await send(app, owner, "PATCH", `/api/v2/associations/${c.id}`, {
      start_date: "2150-01-01T00:00:00Z",
      end_date: null,
    })
    expect(moved).toMatchObject({ status: 400, body: { code: "endBeforeStart" } })
    const raw = app.sql(
      (sql) => sql`INSERT INTO counter_associations (counter_id, machine_id, cluster_id, start_date)
        VALUES (${b}, ${combine}, ${cuma}, '2150-01-01T00:00:00Z')`,
    )
    await expect(raw).rejects.toThrow()
    expect(await rowsOf(b)).toHaveLength(1)
  })

  it("names a missing structure and a missing machine in French (400)", async () => {
    const b = await box()
    const noCluster = await associate(owner, b, { cluster: undefined, machine: tractor, start_date: iso(0) })
    expect(noCluster).toMatchObject({
      status: 400,
      body: {
        code: "clusterRequiredForCounter",
        message: "Veuillez sélectionner la structure rattachée à ce boîtier",
      },
    })
    const noMachine = await associate(owner, b, { start_date: iso(0) })
    expect(noMachine).toMatchObject({
      status: 400,
      body: { code: "required", message: "Le champ est obligatoire" },
    })
    expect(await rowsOf(b)).toHaveLength(0)
  })

  it("lets exactly one of two concurrent overlapping associations of one box win", async () => {
    const b = await box()
    const results = await Promise.all([
      associate(owner, b, { machine: tractor, start_date: iso(-1) }),
      associate(owner, b, { machine: combine, start_date: iso(-1) }),
    ])
    expect(results.map((r) => r.status).sort()).toEqual([201, 409])
    expect(results.find((r) => r.status === 409)?.body.code).toBe("associationOverlap")
    expect(await rowsOf(b)).toHaveLength(1)
  })

  it("refuses end ≤ start (400 endBeforeStart), an unknown or foreign box or machine, and the wrong callers", async () => {
    const b = await box()
    const backwards = await associate(owner, b, { machine: tractor, start_date: iso(0), end_date: iso(-1) })
    expect(backwards).toMatchObject({ status: 400, body: { code: "endBeforeStart" } })
    const unknownBox = await associate(owner, "NOPE-404", { machine: tractor, start_date: iso(0) })
    expect(unknownBox).toMatchObject({ status: 400, body: { code: "selectionUnknown" } })
    const theirBox = await associate(owner, await box(other), { machine: tractor, start_date: iso(0) })
    expect(theirBox).toMatchObject({ status: 400, body: { code: "selectionUnknown" } })
    const unknownMachine = await associate(owner, b, { machine: crypto.randomUUID(), start_date: iso(0) })
    expect(unknownMachine).toMatchObject({ status: 400, body: { code: "selectionUnknown" } })
    const foreignMachine = await associate(owner, b, { machine: foreign, start_date: iso(0) })
    expect(foreignMachine).toMatchObject({
      status: 403,
      body: { code: "associationNotAllowed", message: "Cette association n'est pas autorisee" },
    })
    expect((await associate(viewer, b, { machine: tractor, start_date: iso(0) })).body).toEqual(forbidden)
    expect((await associate(outsider, b, { machine: tractor, start_date: iso(0) })).status).toBe(404)
    expect(await rowsOf(b)).toHaveLength(0)
  })

  it("edits only the dates of a current association (other keys 400); overlap 409, end ≤ start 400", async () => {
    const b = await box()
    const a = (await associate(owner, b, { machine: tractor, start_date: iso(-10), end_date: iso(-5) })).body
    const c = (await associate(owner, b, { machine: tractor, start_date: iso(-4) })).body
    const newStart = iso(-3)
    const newEnd = iso(2)
    // Anything but the dates is refused, not silently ignored; nothing changes.
    for (const extra of [{ machine: combine }, { cluster: other }, { counter: "OTHER-1" }]) {
      const refused = await send(app, owner, "PATCH", `/api/v2/associations/${c.id}`, {
        start_date: newStart,
        ...extra,
      })
      expect(refused).toMatchObject({ status: 400, body: { code: "badRequest" } })
    }
    const unchanged = await send(app, owner, "GET", `/api/v2/counters/${b}/associations`)
    expect(new Date(unchanged.body[0].start_date).getTime()).toBe(new Date(c.start_date).getTime())
    const edited = await send(app, owner, "PATCH", `/api/v2/associations/${c.id}`, { start_date: newStart })
    expect(edited.status).toBe(200)
    expect(edited.body).toMatchObject({ machines: [{ id: tractor }], cluster: { id: cuma }, end_date: null })
    expect(new Date(edited.body.start_date).getTime()).toBe(new Date(newStart).getTime())
    const ended = await send(app, owner, "PATCH", `/api/v2/associations/${c.id}`, { end_date: newEnd })
    expect(new Date(ended.body.end_date).getTime()).toBe(new Date(newEnd).getTime())
    const overlap = await send(app, owner, "PATCH", `/api/v2/associations/${c.id}`, { start_date: iso(-6) })
    expect(overlap).toMatchObject({ status: 409, body: { code: "associationOverlap" } })
    const backwards = await send(app, owner, "PATCH", `/api/v2/associations/${c.id}`, { end_date: iso(-3.5) })
    expect(backwards).toMatchObject({ status: 400, body: { code: "endBeforeStart" } })
    const past = await send(app, owner, "PATCH", `/api/v2/associations/${a.id}`, { start_date: iso(-11) })
    expect(past.body).toEqual(notAllowed)
    expect(
      (await send(app, viewer, "PATCH", `/api/v2/associations/${c.id}`, { end_date: iso(3) })).body,
    ).toEqual(forbidden)
    expect(
      (await send(app, outsider, "PATCH", `/api/v2/associations/${c.id}`, { end_date: iso(3) })).status,
    ).toBe(404)
  })

  it("deletes an association for good (204), with editCounters only", async () => {
    const b = await box()
    const a = (await associate(owner, b, { machine: tractor, start_date: iso(-10), end_date: iso(-5) })).body
    expect((await send(app, viewer, "DELETE", `/api/v2/associations/${a.id}`)).status).toBe(403)
    expect((await send(app, outsider, "DELETE", `/api/v2/associations/${a.id}`)).status).toBe(404)
    expect((await send(app, owner, "DELETE", `/api/v2/associations/${a.id}`)).status).toBe(204)
    expect(await rowsOf(b)).toHaveLength(0)
    expect((await send(app, owner, "DELETE", `/api/v2/associations/${a.id}`)).status).toBe(404)
  })

  it("shows a machine's box history to whoever sees the machine", async () => {
    const machine = await addMachine(app, cuma, "Semoir")
    const b = await box()
    await associate(owner, b, { machine, start_date: iso(-8), end_date: iso(-4) })
    await associate(owner, b, { machine, start_date: iso(-2) })
    const res = await send(app, viewer, "GET", `/api/v2/machines/${machine}/associations`)
    expect(res.status).toBe(200)
    expect(res.body).toHaveLength(2)
    expect(new Date(res.body[0].start_date) > new Date(res.body[1].start_date)).toBe(true)
    expect((await send(app, outsider, "GET", `/api/v2/machines/${machine}/associations`)).status).toBe(404)
    const blind = await signup(app)
    await addMember(app, cuma, blind.id, [])
    expect((await send(app, blind, "GET", `/api/v2/machines/${machine}/associations`)).body).toEqual(
      forbidden,
    )
    await addGrants(app, machine, outsider.id, ["booking"])
    expect((await send(app, outsider, "GET", `/api/v2/machines/${machine}/associations`)).status).toBe(200)
  })

  it("picks a box off a machine: ends the current association now; none current → 409", async () => {
    const machine = await addMachine(app, cuma, "Pulvérisateur")
    const b = await box()
    const current = (await associate(owner, b, { machine, start_date: iso(-3) })).body
    expect((await send(app, viewer, "POST", `/api/v2/machines/${machine}/pickoff`)).body).toEqual(forbidden)
    expect((await send(app, outsider, "POST", `/api/v2/machines/${machine}/pickoff`)).status).toBe(404)
    const before = Date.now()
    const res = await send(app, owner, "POST", `/api/v2/machines/${machine}/pickoff`)
    expect(res.status).toBe(200)
    expect(res.body.id).toBe(current.id)
    expect(new Date(res.body.end_date).getTime()).toBeGreaterThanOrEqual(before - 1000)
    const list = await send(app, owner, "GET", "/api/v2/counters")
    expect(list.body.find((c: { id: string }) => c.id === b).machine).toBeNull()
    const again = await send(app, owner, "POST", `/api/v2/machines/${machine}/pickoff`)
    expect(again).toMatchObject({ status: 409, body: { code: "noBoxOnMachine" } })
    // The box is free again: it can go on another machine from now on.
    expect((await associate(owner, b, { machine: tractor, start_date: iso(0.001) })).status).toBe(201)
  })

  it("counts an association starting this very instant as current when picking the box off", async () => {
    const machine = await addMachine(app, cuma, "Herse")
    const b = await box()
    // One transaction: now() is the same instant for the insert and the pickoff.
    const rows = await app.sql((sql) =>
      Effect.gen(function* () {
        yield* sql`INSERT INTO counter_associations (counter_id, machine_id, cluster_id, start_date)
          VALUES (${b}, ${machine}, ${cuma}, now())`
        const ended = yield* Effect.flatMap(CountersRepo, (repo) => repo.endCurrent(machine))
        const after = yield* sql<{ id: string; later: boolean }>`SELECT id, end_date > start_date AS later
          FROM counter_associations WHERE counter_id = ${b}`
        return { ended, after }
      }).pipe(
        Effect.provide(CountersRepo.Default),
        sql.withTransaction,
        Effect.provideService(SqlClient.SqlClient, sql),
      ),
    )
    expect(rows.ended).toEqual([rows.after[0].id])
    expect(rows.after[0].later).toBe(true)
  })

  it.skipIf(backend === "pglite")(
    "checks the box's structure and inserts under one lock: a move by an administrator cannot slip between",
    async () => {
      const b = await box()
      const started = await app.sql((sql) =>
        Effect.gen(function* () {
          // The administrator's move holds the box row, as PUT /admin/counters/{id}/cluster does.
          yield* sql`SELECT 1 FROM counters WHERE id = ${b} FOR UPDATE`
          const request = associate(owner, b, { machine: tractor, start_date: iso(1) })
          yield* Effect.promise(() =>
            eventually(async () => {
              const [w] = await app.sql(
                (s) => s<{ n: number }>`SELECT count(*)::int AS n FROM pg_stat_activity
                  WHERE datname = current_database() AND wait_event_type = 'Lock'`,
              )
              return w.n > 0 ? true : undefined
            }),
          )
          yield* sql`UPDATE counters SET cluster_id = ${other} WHERE id = ${b}`
          return { request }
        }).pipe(sql.withTransaction),
      )
      const res = await started.request
      expect(res).toMatchObject({ status: 400, body: { code: "selectionUnknown" } })
      expect(await rowsOf(b)).toHaveLength(0)
    },
  )

  it("keeps every right for the creator (sanity of the fixture)", async () => {
    const res = await send(app, owner, "GET", `/api/v2/clusters/${cuma}`)
    expect(res.body.myRights).toHaveLength(allRights.length)
  })
})
