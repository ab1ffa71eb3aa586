import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { backends, signup, startTestApp, type TestApp } from "../test/app"
import { addMachine, addMember, createCluster, forbidden, send } from "../test/clusters"

type Person = Awaited<ReturnType<typeof signup>>

const refused = {
  _tag: "Forbidden",
  code: "associationNotAllowed",
  message: "Cette association n'est pas autorisee",
}

describe.each(backends)("BLE tags on %s", (backend) => {
  let app: TestApp
  let owner: Person
  let member: Person
  let outsider: Person
  let admin: Person
  let cuma: string
  let other: string
  let seeder: string
  let foreign: string
  let n = 0
  const tag = async (type: "machine" | "user", cluster: string | null = cuma) => {
    const id = `BLE-${backend[0].toUpperCase()}${++n}`
    await app.sql(
      (sql) => sql`INSERT INTO ble_tags (id, type, cluster_id) VALUES (${id}, ${type}, ${cluster})`,
    )
    return id
  }
  const put = (who: Person, id: string, body: Record<string, unknown>) =>
    send(app, who, "PUT", `/api/v2/ble_tag/${id}`, body)

  beforeAll(async () => {
    app = await startTestApp(backend)
    owner = await signup(app, { firstname: "Odile", lastname: "Owner" })
    member = await signup(app, { firstname: "Marc", lastname: "Member" })
    outsider = await signup(app)
    admin = await signup(app, { firstname: "Ada", lastname: "Admin" })
    await app.sql((sql) => sql`UPDATE users SET is_admin = true WHERE id = ${admin.id}`)
    cuma = await createCluster(app, owner, { name: "CUMA A" })
    other = await createCluster(app, outsider, { name: "CUMA B" })
    await addMember(app, cuma, member.id, ["seeMachines"])
    seeder = await addMachine(app, cuma, "Semoir")
    foreign = await addMachine(app, other, "Semoir voisin")
  })
  afterAll(() => app?.close())

  it("lists the tags of the caller's structures only", async () => {
    const mine = await tag("machine")
    const theirs = await tag("machine", other)
    const loose = await tag("user", null)
    const ids = (await send(app, member, "GET", "/api/v2/ble_tag")).body.map((t: { id: string }) => t.id)
    expect(ids).toContain(mine)
    expect(ids).not.toContain(theirs)
    expect(ids).not.toContain(loose)
  })

  it("puts a machine tag on a machine of its structure and takes it off with null", async () => {
    const id = await tag("machine")
    const on = await put(owner, id, { machine: seeder })
    expect(on).toMatchObject({
      status: 200,
      body: { id, machine: { id: seeder, name: "Semoir" }, user: null },
    })
    const off = await put(owner, id, { machine: null })
    expect(off).toMatchObject({ status: 200, body: { machine: null } })
  })

  it("gives a user tag to a member (name and id, no e-mail), never to an outsider or a machine", async () => {
    const id = await tag("user")
    const given = await put(owner, id, { user: member.id })
    expect(given).toMatchObject({ status: 200, body: { user: { firstname: "Marc", lastname: "Member" } } })
    expect(given.body.user).toEqual({ id: member.id, firstname: "Marc", lastname: "Member", name: null })
    // The list tells who holds it by id too (two members may share a name).
    const listed = (await send(app, member, "GET", "/api/v2/ble_tag")).body.find(
      (t: { id: string }) => t.id === id,
    )
    expect(listed.user).toEqual({ id: member.id, firstname: "Marc", lastname: "Member", name: null })
    const all = (await send(app, admin, "GET", "/api/v2/admin/ble_tags")).body.find(
      (t: { id: string }) => t.id === id,
    )
    expect(all.user.id).toBe(member.id)
    expect((await put(owner, id, { user: outsider.id })).body).toEqual(refused)
    expect((await put(owner, id, { machine: seeder })).body).toEqual(refused)
    const [row] = await app.sql(
      (sql) => sql<{ user_id: string }>`SELECT user_id FROM ble_tags WHERE id = ${id}`,
    )
    expect(row.user_id).toBe(member.id)
  })

  it("refuses another structure's machine (403 associationNotAllowed), lacking editMachine (403), not theirs (404)", async () => {
    const id = await tag("machine")
    expect((await put(owner, id, { machine: foreign })).body).toEqual(refused)
    expect((await put(owner, id, { user: member.id })).body).toEqual(refused)
    expect((await put(member, id, { machine: seeder })).body).toEqual(forbidden)
    expect((await put(outsider, id, { machine: foreign })).status).toBe(404)
    expect((await put(owner, await tag("machine", null), { machine: seeder })).status).toBe(404)
    const [row] = await app.sql(
      (sql) => sql<{ m: string | null }>`SELECT machine_id AS m FROM ble_tags WHERE id = ${id}`,
    )
    expect(row.m).toBeNull()
  })
})
