import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { backends, signup, startTestApp, type TestApp } from "../test/app"
import { createCluster, invite, send } from "../test/membership"

const tooMany = {
  _tag: "TooManyRequests",
  code: "tooManyAttempts",
  message: "Trop de tentatives, veuillez réessayer dans quelques minutes",
}

describe.each(backends)("invitation mails throttled on %s", (backend) => {
  let app: TestApp
  beforeAll(async () => {
    app = await startTestApp(backend)
  })
  afterAll(() => app?.close())

  const mailsTo = async (email: string) =>
    (await app.outbox()).filter((m) => m.startsWith(`To: ${email}\n`)).length
  const invitationsOf = async (email: string) =>
    (
      await app.sql(
        (sql) => sql<{ n: number }>`SELECT count(*)::int AS n FROM invitations WHERE email = ${email}`,
      )
    )[0].n

  it("at most 3 invitation mails per address a day: invite/cancel cycles count, from any structure; the 4th is 429 and sends nothing", async () => {
    const admin = await signup(app)
    const clusterId = await createCluster(app, admin, { name: "CUMA Nord" })
    const email = `often-${crypto.randomUUID()}@example.org`
    for (let i = 0; i < 3; i++) {
      const res = await invite(app, admin, clusterId, email)
      expect(res.status).toBe(201)
      expect((await send(app, admin, "POST", `/api/v2/invitations/${res.body.id}/cancel`)).status).toBe(200)
    }
    await expect.poll(() => mailsTo(email)).toBe(3)
    const refused = await invite(app, admin, clusterId, email)
    expect(refused.status).toBe(429)
    expect(refused.body).toMatchObject({ ...tooMany, retryAfterSeconds: expect.any(Number) })
    expect(refused.body.retryAfterSeconds).toBeGreaterThan(23 * 3600)
    // Another inviter, another structure: the address is still spared.
    const other = await signup(app)
    const otherCluster = await createCluster(app, other, { name: "CUMA Sud" })
    expect((await invite(app, other, otherCluster, email)).status).toBe(429)
    expect(await invitationsOf(email)).toBe(3)
    expect(await mailsTo(email)).toBe(3)
  })

  it("a refused invitation (already invited) sends no mail and does not count", async () => {
    const admin = await signup(app)
    const clusterId = await createCluster(app, admin, { name: "CUMA Est" })
    const email = `twice-${crypto.randomUUID()}@example.org`
    expect((await invite(app, admin, clusterId, email)).status).toBe(201)
    for (let i = 0; i < 3; i++) expect((await invite(app, admin, clusterId, email)).status).toBe(409)
    const second = await createCluster(app, admin, { name: "CUMA Ouest" })
    expect((await invite(app, admin, second, email)).status).toBe(201)
  })

  it("at most 20 invitations per inviter an hour; the 21st is 429 and creates nothing", async () => {
    const admin = await signup(app)
    const clusterId = await createCluster(app, admin, { name: "CUMA Centre" })
    for (let i = 0; i < 20; i++)
      expect(
        (await invite(app, admin, clusterId, `bulk-${i}-${crypto.randomUUID()}@example.org`)).status,
      ).toBe(201)
    const email = `bulk-last-${crypto.randomUUID()}@example.org`
    const refused = await invite(app, admin, clusterId, email)
    expect(refused.status).toBe(429)
    expect(refused.body).toMatchObject(tooMany)
    expect(await invitationsOf(email)).toBe(0)
    const accounts = await app.sql(
      (sql) => sql<{ n: number }>`SELECT count(*)::int AS n FROM users WHERE email = ${email}`,
    )
    expect(accounts[0].n).toBe(0)
    // Another member of the same structure still invites.
    const colleague = await signup(app)
    await app.sql(
      (sql) => sql`INSERT INTO memberships (cluster_id, user_id, role, rights)
        VALUES (${clusterId}, ${colleague.id}, 'member', '{addMember}'::text[])`,
    )
    expect((await invite(app, colleague, clusterId, email)).status).toBe(201)
  })
})
