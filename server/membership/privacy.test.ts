import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { backends, signup, startTestApp, type TestApp } from "../test/app"
import { addMember, createCluster, invite, notificationsOf, send } from "../test/membership"

/** People named to someone who may share no structure with them carry a name only. */
describe.each(backends)("names only to non-members on %s", (backend) => {
  let app: TestApp
  beforeAll(async () => {
    app = await startTestApp(backend)
  })
  afterAll(() => app?.close())

  const leaks = (body: unknown, ...people: ReadonlyArray<{ id: string; email: string }>) => {
    const text = JSON.stringify(body)
    return people.filter((p) => text.includes(p.id) || text.includes(p.email))
  }

  it("an invitee reads the inviter's name, never their e-mail or id, in /me/invitations and notifications", async () => {
    const admin = await signup(app, { firstname: "Paul", lastname: "Martin" })
    const clusterId = await createCluster(app, admin, { name: "CUMA du Perche" })
    const guest = await signup(app)
    expect((await invite(app, admin, clusterId, guest.email)).status).toBe(201)
    const mine = await send(app, guest, "GET", "/api/v2/me/invitations")
    expect(mine.body).toHaveLength(1)
    expect(mine.body[0].invitedBy).toEqual({ firstname: "Paul", lastname: "Martin", name: null })
    const notifications = await notificationsOf(app, guest)
    expect(notifications.map((n) => n.actor)).toEqual([{ firstname: "Paul", lastname: "Martin", name: null }])
    expect(leaks(mine.body, admin)).toEqual([])
    expect(leaks(notifications, admin)).toEqual([])
  })

  it("a refused requester is answered by the structure: no validator named, no e-mail or id of a member", async () => {
    const admin = await signup(app)
    const clusterId = await createCluster(app, admin, { name: "CUMA des Landes" })
    const validator = await signup(app, { firstname: "Claire", lastname: "Noël" })
    await addMember(app, clusterId, validator.id, ["validateMembership"])
    const asker = await signup(app)
    const { body: request } = await send(app, asker, "POST", `/api/v2/clusters/${clusterId}/requests`, {
      role: "client",
    })
    expect(
      (await send(app, validator, "POST", `/api/v2/membershipRequests/${request.id}/refuse`)).status,
    ).toBe(200)
    const notifications = await notificationsOf(app, asker)
    expect(notifications).toHaveLength(1)
    expect(notifications[0]).toMatchObject({ kind: "membershipAnswered", answer: "refused", actor: null })
    const read = await send(app, asker, "POST", `/api/v2/notifications/${notifications[0].id}/read`)
    expect(read.body.actor).toBeNull()
    const requests = await send(app, asker, "GET", "/api/v2/me/requests")
    expect(leaks([notifications, read.body, requests.body], admin, validator)).toEqual([])
  })

  it("an inviter whose invitation was declined reads the invitee's name only", async () => {
    const admin = await signup(app)
    const clusterId = await createCluster(app, admin, { name: "CUMA de Sologne" })
    const guest = await signup(app, { firstname: "Julie", lastname: "Roux" })
    const { body: invitation } = await invite(app, admin, clusterId, guest.email)
    await send(app, guest, "POST", `/api/v2/invitations/${invitation.id}/decline`)
    const [answered] = await notificationsOf(app, admin)
    expect(answered).toMatchObject({ kind: "invitationAnswered", answer: "declined" })
    expect(answered.actor).toEqual({ firstname: "Julie", lastname: "Roux", name: null })
    expect(leaks(answered, guest)).toEqual([])
  })
})
