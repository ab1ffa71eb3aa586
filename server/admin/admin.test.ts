// Size: the API cases of admin, each run on PGlite and PostgreSQL, kept together with the set-up they share.
import { SqlClient } from "@effect/sql"
import { Effect } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { makeWebApp } from "../app"
import { type AppConfig, configFromEnv } from "../config"
import { backends, fromAddress, signup, startTestApp, type TestApp } from "../test/app"
import { addMachine, createCluster, forbidden, notAllowed, send } from "../test/clusters"
import { freshDatabase } from "../test/databases"

type Person = Awaited<ReturnType<typeof signup>>

const listedEmail = `chef-${Date.now()}@example.org`

describe.each(backends)("admin area on %s", (backend) => {
  let app: TestApp
  let admin: Person
  let someone: Person
  let cuma: string
  let other: string
  let n = 0
  const fresh = (prefix: string) => `${prefix}-${backend[0].toUpperCase()}${++n}`
  const makeAdmin = (id: string) => app.sql((sql) => sql`UPDATE users SET is_admin = true WHERE id = ${id}`)

  beforeAll(async () => {
    app = await startTestApp(backend, { adminEmails: [listedEmail.toLowerCase()] })
    admin = await signup(app, { firstname: "Ada", lastname: "Admin" })
    someone = await signup(app, { firstname: "Sam", lastname: "Someone" })
    await makeAdmin(admin.id)
    cuma = await createCluster(app, admin, { name: "CUMA A" })
    other = await createCluster(app, admin, { name: "CUMA B" })
  })
  afterAll(() => app?.close())

  it("refuses everyone but administrators: 401 without a token, 403 forbidden otherwise", async () => {
    for (const [method, path] of [
      ["GET", "/api/v2/admin/users"],
      ["GET", "/api/v2/admin/counters"],
      ["GET", "/api/v2/admin/ble_tags"],
    ]) {
      expect((await send(app, undefined, method, path)).status).toBe(401)
      expect((await send(app, someone, method, path)).body).toEqual(forbidden)
      expect((await send(app, admin, method, path)).status).toBe(200)
    }
    const register = await send(app, someone, "POST", "/api/v2/admin/counters", { id: fresh("NOPE") })
    expect(register.body).toEqual(forbidden)
  })

  it("lists every account by name with its admin flag, status and structure count", async () => {
    const res = await send(app, admin, "GET", "/api/v2/admin/users")
    const mine = res.body.find((u: { user: { id: string } }) => u.user.id === admin.id)
    expect(mine).toMatchObject({ admin: true, status: "finalised", clusters: 2 })
    const theirs = res.body.find((u: { user: { id: string } }) => u.user.id === someone.id)
    expect(theirs).toMatchObject({ admin: false, clusters: 0 })
  })

  it("makes an administrator and takes it back, never from the last one", async () => {
    const other = await signup(app, { firstname: "Bea", lastname: "Second" })
    const made = await send(app, admin, "PUT", `/api/v2/admin/users/${other.id}/admin`, { admin: true })
    expect(made).toMatchObject({ status: 200, body: { admin: true } })
    expect((await send(app, other, "GET", "/api/v2/admin/users")).status).toBe(200)
    const taken = await send(app, other, "PUT", `/api/v2/admin/users/${other.id}/admin`, { admin: false })
    expect(taken).toMatchObject({ status: 200, body: { admin: false } })
    expect((await send(app, other, "GET", "/api/v2/admin/users")).body).toEqual(forbidden)
    // Only `admin` (and possibly the ADMIN_EMAILS account if it exists) remain: remove the others first.
    await app.sql((sql) => sql`UPDATE users SET is_admin = false WHERE id <> ${admin.id}`)
    const last = await send(app, admin, "PUT", `/api/v2/admin/users/${admin.id}/admin`, { admin: false })
    expect(last.body).toEqual(notAllowed)
    expect((await send(app, admin, "GET", "/api/v2/admin/users")).status).toBe(200)
    const unknown = await send(app, admin, "PUT", `/api/v2/admin/users/${crypto.randomUUID()}/admin`, {
      admin: true,
    })
    expect(unknown.status).toBe(404)
  })

  it("promotes an account ADMIN_EMAILS lists only once its owner proved the address (a login code)", async () => {
    // Whoever signs up first with the listed address proves nothing: no administrator.
    const listed = await signup(
      app,
      { email: listedEmail, firstname: "Liste", lastname: "Env" },
      { confirmed: false },
    )
    expect((await send(app, listed, "GET", "/api/v2/admin/users")).body).toEqual(forbidden)
    const seenByAdmin = await send(app, admin, "GET", "/api/v2/admin/users")
    expect(seenByAdmin.body.find((u: { user: { id: string } }) => u.user.id === listed.id)).toMatchObject({
      admin: false,
    })
    const isAdmin = async () =>
      (
        await app.sql((sql) => sql<{ is_admin: boolean }>`SELECT is_admin FROM users WHERE id = ${listed.id}`)
      )[0].is_admin
    expect(await isAdmin()).toBe(false)
    // An administrator may take away a flag given by hand to such an unproven account.
    await makeAdmin(listed.id)
    const unproven = await send(app, admin, "PUT", `/api/v2/admin/users/${listed.id}/admin`, { admin: false })
    expect(unproven).toMatchObject({ status: 200, body: { admin: false } })

    // The owner of the address signs in with the code mailed to it.
    const asked = await app.call("POST", "/api/v2/auth/askLoginCode", {
      body: { email: listedEmail },
      headers: fromAddress(),
    })
    expect(asked.status).toBe(202)
    const mail = await app.waitForMail(
      (m) => m.startsWith(`To: ${listedEmail}\n`) && m.includes("/loginCode"),
    )
    const code = new URL(/https?:\/\/\S+/.exec(mail)?.[0] ?? "").searchParams.get("code") ?? ""
    const signedIn = await app.call("POST", "/api/v2/auth/loginCode", {
      body: { code },
      headers: fromAddress(),
    })
    expect(signedIn.status).toBe(200)
    const { token } = (await signedIn.json()) as { token: string }
    const proven = { auth: { authorization: `JWT ${token}` } } as Person
    expect((await send(app, proven, "GET", "/api/v2/admin/users")).status).toBe(200)
    expect(await isAdmin()).toBe(true)
    const drop = await send(app, admin, "PUT", `/api/v2/admin/users/${listed.id}/admin`, { admin: false })
    expect(drop.body).toEqual(notAllowed)
  })

  it("registers a box once (201, then 409 counterExists) and gives it to a structure", async () => {
    const id = fresh("box")
    const created = await send(app, admin, "POST", "/api/v2/admin/counters", { id: id.toLowerCase() })
    expect(created).toMatchObject({
      status: 201,
      body: { counter: { id: id.toUpperCase(), kind: "box", cluster: null, machine: null } },
    })
    const again = await send(app, admin, "POST", "/api/v2/admin/counters", { id })
    expect(again).toMatchObject({ status: 409, body: { code: "counterExists" } })
    const given = await send(app, admin, "PUT", `/api/v2/admin/counters/${id}/cluster`, { cluster: cuma })
    expect(given).toMatchObject({ status: 200, body: { cluster: { id: cuma, name: "CUMA A" } } })
    const all = await send(app, admin, "GET", "/api/v2/admin/counters")
    expect(all.body.map((c: { id: string }) => c.id)).toContain(id.toUpperCase())
    const unknownCluster = await send(app, admin, "PUT", `/api/v2/admin/counters/${id}/cluster`, {
      cluster: crypto.randomUUID(),
    })
    expect(unknownCluster.status).toBe(404)
    expect(
      (await send(app, admin, "PUT", "/api/v2/admin/counters/NONE-1/cluster", { cluster: null })).status,
    ).toBe(404)
  })

  it("keeps a box with a current or coming association in its structure (403), frees it once past", async () => {
    const id = fresh("pinned").toUpperCase()
    await send(app, admin, "POST", "/api/v2/admin/counters", { id })
    await send(app, admin, "PUT", `/api/v2/admin/counters/${id}/cluster`, { cluster: cuma })
    const machine = await addMachine(app, cuma, "Tracteur")
    const soon = new Date(Date.now() + 86_400_000).toISOString()
    const coming = await send(app, admin, "POST", `/api/v2/counters/${id}/associations`, {
      cluster: cuma,
      machine,
      start_date: soon,
    })
    expect(coming.status).toBe(201)
    const moved = await send(app, admin, "PUT", `/api/v2/admin/counters/${id}/cluster`, { cluster: other })
    expect(moved.body).toEqual(notAllowed)
    const same = await send(app, admin, "PUT", `/api/v2/admin/counters/${id}/cluster`, { cluster: cuma })
    expect(same.status).toBe(200)
    await send(app, admin, "DELETE", `/api/v2/associations/${coming.body.id}`)
    const past = await send(app, admin, "POST", `/api/v2/counters/${id}/associations`, {
      cluster: cuma,
      machine,
      start_date: "2024-01-01T00:00:00Z",
      end_date: "2024-02-01T00:00:00Z",
    })
    expect(past.status).toBe(201)
    const freed = await send(app, admin, "PUT", `/api/v2/admin/counters/${id}/cluster`, { cluster: other })
    expect(freed).toMatchObject({ status: 200, body: { cluster: { id: other } } })
  })

  it("shows any box's associations to an administrator, newest first (counterdata); 404 unknown box", async () => {
    const id = fresh("data").toUpperCase()
    await send(app, admin, "POST", "/api/v2/admin/counters", { id })
    const path = `/api/v2/admin/counters/${id}/associations`
    // A box of no structure yet: no associations, and no member sees it.
    expect(await send(app, admin, "GET", path)).toEqual({ status: 200, body: [] })
    // Given to a structure the administrator is not a member of.
    const owner = await signup(app, { firstname: "Olive", lastname: "Owner" })
    const theirs = await createCluster(app, owner, { name: "CUMA C" })
    await send(app, admin, "PUT", `/api/v2/admin/counters/${id}/cluster`, { cluster: theirs })
    const machine = await addMachine(app, theirs, "Moissonneuse")
    const associate = (start_date: string, end_date: string | null) =>
      send(app, owner, "POST", `/api/v2/counters/${id}/associations`, {
        cluster: theirs,
        machine,
        start_date,
        end_date,
      })
    const older = await associate("2024-01-01T00:00:00Z", "2024-02-01T00:00:00Z")
    const newer = await associate("2024-03-01T00:00:00Z", null)
    expect([older.status, newer.status]).toEqual([201, 201])
    expect((await send(app, admin, "GET", `/api/v2/counters/${id}/associations`)).status).toBe(404)
    const seen = await send(app, admin, "GET", path)
    expect(seen.status).toBe(200)
    expect(seen.body.map((a: { id: string }) => a.id)).toEqual([newer.body.id, older.body.id])
    expect(seen.body[0]).toMatchObject({
      counter: id,
      cluster: { id: theirs, name: "CUMA C" },
      machines: [{ id: machine, name: "Moissonneuse" }],
      start_date: "2024-03-01T00:00:00.000Z",
      end_date: null,
    })
    expect((await send(app, admin, "GET", "/api/v2/admin/counters/NONE-1/associations")).status).toBe(404)
    expect((await send(app, owner, "GET", path)).body).toEqual(forbidden)
    expect((await send(app, undefined, "GET", path)).status).toBe(401)
  })

  it("registers a tag once (409 tagExists); changing its structure detaches its machine", async () => {
    const id = fresh("tag").toUpperCase()
    const created = await send(app, admin, "POST", "/api/v2/admin/ble_tags", { id, type: "machine" })
    expect(created).toMatchObject({ status: 201, body: { id, type: "machine", cluster: null } })
    const again = await send(app, admin, "POST", "/api/v2/admin/ble_tags", { id, type: "user" })
    expect(again).toMatchObject({ status: 409, body: { code: "tagExists" } })
    await send(app, admin, "PUT", `/api/v2/admin/ble_tags/${id}/cluster`, { cluster: cuma })
    const machine = await addMachine(app, cuma, "Semoir")
    const put = await send(app, admin, "PUT", `/api/v2/ble_tag/${id}`, { machine })
    expect(put).toMatchObject({ status: 200, body: { machine: { id: machine } } })
    const moved = await send(app, admin, "PUT", `/api/v2/admin/ble_tags/${id}/cluster`, { cluster: other })
    expect(moved).toMatchObject({ status: 200, body: { cluster: { id: other }, machine: null, user: null } })
    const tags = await send(app, admin, "GET", "/api/v2/admin/ble_tags")
    expect(tags.body.map((t: { id: string }) => t.id)).toContain(id)
  })
})

describe.each(backends)("ADMIN_EMAILS at start on %s", (backend) => {
  it("promotes the existing accounts it lists whose address is proven when the server starts, and no other", async () => {
    const db = await freshDatabase(backend)
    const config = (adminEmails: ReadonlyArray<string>): AppConfig => ({
      port: 0,
      host: "127.0.0.1",
      dataDir: db.dataDir,
      databaseUrl: db.databaseUrl,
      smtpUrl: undefined,
      publicUrl: "http://sillon.test",
      accessTokenTtlSeconds: 900,
      seedDemo: false,
      jwtSecret: undefined,
      trustProxy: true,
      distDir: "/nonexistent",
      adminEmails,
      vegetation: configFromEnv({}).vegetation,
    })
    const flags = (app: Awaited<ReturnType<typeof makeWebApp>>) =>
      app.runtime.runPromise(
        Effect.flatMap(
          SqlClient.SqlClient,
          (sql) =>
            sql<{ email: string; is_admin: boolean }>`SELECT email, is_admin FROM users ORDER BY email`,
        ),
      )
    try {
      const first = await makeWebApp(config([]))
      await first.runtime.runPromise(
        Effect.flatMap(
          SqlClient.SqlClient,
          (sql) => sql`INSERT INTO users (email, password_hash, firstname, lastname, email_verified_at)
            VALUES ('Chef.Early@Example.org', NULL, 'Chef', 'Early', now()),
                   ('squatter@example.org', NULL, 'Pris', 'Avant', NULL),
                   ('other@example.org', NULL, 'Autre', 'Personne', now())`,
        ),
      )
      await first.dispose()
      const second = await makeWebApp(config(["chef.early@example.org", "squatter@example.org"]))
      // The HTTP side is built with its first request (the promotion is part of it).
      await second.handler(new Request("http://sillon.test/api/v2/health"))
      expect(await flags(second)).toEqual([
        { email: "Chef.Early@Example.org", is_admin: true },
        { email: "other@example.org", is_admin: false },
        // Listed, but nobody proved owning the address: signing up with it is not enough.
        { email: "squatter@example.org", is_admin: false },
      ])
      await second.dispose()
    } finally {
      await db.drop()
    }
  })
})
