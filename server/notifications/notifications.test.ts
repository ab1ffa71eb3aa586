import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { backends, signup, startTestApp, type TestApp } from "../test/app"
import { createCluster, invite, notificationsOf, send } from "../test/membership"

describe.each(backends)("notifications on %s", (backend) => {
  let app: TestApp
  beforeAll(async () => {
    app = await startTestApp(backend)
  })
  afterAll(() => app?.close())

  /** A person invited to two structures: two notifications, newest last invited. */
  const invitedTwice = async () => {
    const admin = await signup(app)
    const first = await createCluster(app, admin, { name: "CUMA Première" })
    const second = await createCluster(app, admin, { name: "CUMA Seconde" })
    const guest = await signup(app)
    await invite(app, admin, first, guest.email)
    await invite(app, admin, second, guest.email)
    return { admin, guest }
  }

  it("lists the caller's own notifications, newest first, unread while read_date is null", async () => {
    const { admin, guest } = await invitedTwice()
    const list = await notificationsOf(app, guest)
    expect(list.map((n) => n.cluster.name)).toEqual(["CUMA Seconde", "CUMA Première"])
    expect(list.every((n) => n.read.user === guest.id && n.read.read_date === null)).toBe(true)
    expect(await notificationsOf(app, admin)).toEqual([])
  })

  it("marks one read, once: the date stays on a second call; someone else's is 404 and stays unread", async () => {
    const { admin, guest } = await invitedTwice()
    const [newest, older] = await notificationsOf(app, guest)
    const foreign = await send(app, admin, "POST", `/api/v2/notifications/${newest.id}/read`)
    expect(foreign.status).toBe(404)
    expect((await notificationsOf(app, guest))[0].read.read_date).toBeNull()
    const first = await send(app, guest, "POST", `/api/v2/notifications/${newest.id}/read`)
    expect(first.status).toBe(200)
    expect(first.body).toMatchObject({
      id: newest.id,
      read: { user: guest.id, read_date: expect.any(String) },
    })
    const second = await send(app, guest, "POST", `/api/v2/notifications/${newest.id}/read`)
    expect(second.body.read.read_date).toBe(first.body.read.read_date)
    const after = await notificationsOf(app, guest)
    expect(after.map((n) => [n.id, n.read.read_date === null])).toEqual([
      [newest.id, false],
      [older.id, true],
    ])
    expect((await send(app, guest, "POST", `/api/v2/notifications/${crypto.randomUUID()}/read`)).status).toBe(
      404,
    )
  })

  it("marks all of the caller's notifications read, and nobody else's", async () => {
    const { guest } = await invitedTwice()
    const other = await invitedTwice()
    const res = await app.call("POST", "/api/v2/notifications/read", { headers: guest.auth })
    expect(res.status).toBe(204)
    expect((await notificationsOf(app, guest)).every((n) => n.read.read_date !== null)).toBe(true)
    expect((await notificationsOf(app, other.guest)).every((n) => n.read.read_date === null)).toBe(true)
  })

  it("returns at most the 100 newest", async () => {
    const { guest } = await invitedTwice()
    await app.sql(
      (sql) => sql`INSERT INTO notifications (user_id, kind, cluster_id, created_at)
        SELECT user_id, kind, cluster_id, created_at - (g * interval '1 minute')
        FROM notifications, generate_series(1, 110) g WHERE user_id = ${guest.id}`,
    )
    const list = await notificationsOf(app, guest)
    expect(list.length).toBe(100)
    expect(list[0].cluster.name).toBe("CUMA Seconde")
    expect(list[0].invitationId).not.toBeNull()
  })

  it("refuses unauthenticated calls with 401", async () => {
    for (const [method, path] of [
      ["GET", "/api/v2/notifications"],
      ["POST", `/api/v2/notifications/${crypto.randomUUID()}/read`],
      ["POST", "/api/v2/notifications/read"],
    ])
      expect((await send(app, undefined, method, path)).status).toBe(401)
  })
})
