import { createServer } from "node:net"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { backends, signup, startTestApp, type TestApp } from "../test/app"
import { createCluster, invite, membershipOf, send } from "../test/membership"

/** A local port nothing listens on: connections to it are refused. */
const closedPort = async () => {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const address = server.address()
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return typeof address === "object" && address ? address.port : 1
}

describe.each(backends)("invitations when the SMTP server refuses mail, on %s", (backend) => {
  let app: TestApp
  beforeAll(async () => {
    app = await startTestApp(backend, { smtpUrl: `smtp://127.0.0.1:${await closedPort()}` })
  })
  afterAll(() => app?.close())

  it("keeps the acknowledged invitation and account even though its mail cannot leave", async () => {
    const admin = await signup(app)
    const clusterId = await createCluster(app, admin)
    const guest = await signup(app)
    const known = await invite(app, admin, clusterId, guest.email)
    expect(known.status).toBe(201)
    const newcomer = `smtp-down-${crypto.randomUUID()}@example.org`
    expect((await invite(app, admin, clusterId, newcomer)).status).toBe(201)
    const listed = await send(app, admin, "GET", `/api/v2/clusters/${clusterId}/invitations`)
    expect(listed.body.map((i: { email: string }) => i.email).sort()).toEqual([guest.email, newcomer].sort())
    expect((await send(app, guest, "POST", `/api/v2/invitations/${known.body.id}/accept`)).status).toBe(200)
    expect(await membershipOf(app, clusterId, guest.id)).toMatchObject({ role: "member" })
  })
})
